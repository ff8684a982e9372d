// SPDX-License-Identifier: Apache-2.0
//
// TrafficSource: what the synthetic traffic source of every compute node generates, and when:
// the phase schedule (steady traffic is one endless phase), each phase's traffic pattern and
// rate, the arrival process, and the end of injection. Immutable and shared by all NodeLps;
// each node's progress lives in its InjectionState, and all draws come from its own stream, so
// generation is deterministic and rollback-safe.
//
// Who calls it: NodeLp, in on_init (first generation) and at each generation event:
//
//   if (auto g = source.next(1, node, state.injection, rng)) schedule g->cycle;   // on_init
//   ... at cycle c: for g->packets packets: dst = source.destination(g->phase, node, rng);
//   if (auto g = source.next(c + 1, node, state.injection, rng)) schedule g->cycle;
//
// Generation cycles are >= 1 (an LP cannot send itself an event at time 0) and below the
// injection end. A phase with load 0 generates nothing; the source moves on to the next phase
// occurrence without events in between.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "models/network/node/injection_process.hpp"
#include "models/network/node/injection_state.hpp"
#include "models/network/node/phase_schedule.hpp"
#include "models/network/topology/types.hpp"
#include "models/network/traffic/traffic_pattern.hpp"
#include "pdes/rng.hpp"

namespace net {

struct Generation {
  std::uint64_t cycle = 0;
  std::uint32_t packets = 1;
  std::uint32_t phase = 0;  ///< index into the phase list (0 for steady traffic)
  bool operator==(const Generation&) const = default;
};

class TrafficSource {
 public:
  struct Phase {
    std::shared_ptr<const TrafficPattern> pattern;
    double rate = 0.0;  ///< packets per cycle: load / packet size, in [0, 1]
  };

  /// One Phase per phase of `schedule`. `injection_end`: no packet at or after this cycle.
  TrafficSource(std::vector<Phase> phases, PhaseSchedule schedule,
                std::shared_ptr<const InjectionProcess> process,
                std::uint64_t injection_end = PhaseSchedule::kNever);

  /// The next generation at a cycle >= max(from, 1), or nullopt when the node generates no
  /// more packets. Advances `state` (and draws) as the process requires.
  std::optional<Generation> next(std::uint64_t from, NodeId node, InjectionState& state,
                                 pdes::Rng& rng) const;

  /// The destination of a packet of phase `phase` from `node` (draws as its pattern does).
  NodeId destination(std::uint32_t phase, NodeId node, pdes::Rng& rng) const {
    return phases_[phase].pattern->destination(node, rng);
  }

  const PhaseSchedule& schedule() const { return schedule_; }
  const InjectionProcess& process() const { return *process_; }
  std::size_t num_phases() const { return phases_.size(); }
  const Phase& phase(std::size_t p) const { return phases_[p]; }

 private:
  std::vector<Phase> phases_;
  PhaseSchedule schedule_;
  std::shared_ptr<const InjectionProcess> process_;
  std::uint64_t injection_end_;
  bool silent_ = true;  ///< every phase has rate 0
};

}  // namespace net
