// SPDX-License-Identifier: Apache-2.0
//
// CircuitManagerLp (router.kind = "message_switch", adapter.switching = "circuit"): circuit
// switching at message level (Tsai & Shin, ICDCS 1996, §4): "the call signal for
// establishing a circuit is transmitted out-of-band, and doesn't interfere with the existing
// communication traffic"; "messages never get buffered". A message holds every link of its
// e-cube path for ℓ cycles, all released together; set-up takes no time ([OURS]).
//
// Atomic reservation of several links owned by different nodes would need a reserve/roll-back
// protocol between routers; this model takes the other way open to a Time Warp model:
// one serialising circuit manager, router 0's LP, which keeps the state of every link. Every
// other router only forwards its node's messages to it. Hold-and-wait rule [OURS, as in
// our quick calibration model of the paper's setting]: no hold; at every cycle in which a message
// is released or a link frees, the waiting messages are tried in one global order —
// adapter.policy's priority at their source, then release cycle, source, id — and each for which a
// probe finds a free path starts. This is more centralized than a per-source scheduler (it orders
// sources against each other too).
//
// Paths (circuit_path.hpp): adapter.routing = ecube (the fixed path), pa (the probe takes the
// lowest free needed dimension at each hop, no backtracking) or dfs (a depth-first probe with
// detours and backtracking). The same manager runs DFS under virtual cut-through: a DFS probe
// either reaches the destination or leaves the message at its source, so nothing is ever
// buffered and, as the paper observes (§4.2), "VCT essentially degenerates into
// circuit-switching".
//
// Limitations: one LP does all the work (no parallelism within a run).
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/missions/central_links.hpp"
#include "models/network/missions/circuit_path.hpp"
#include "models/network/missions/message_header.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/scheduling_policy.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

struct CircuitWaiting {
  MessageHeader msg;
  std::int64_t priority = 0;
  bool operator==(const CircuitWaiting&) const = default;
};
static_assert(std::has_unique_object_representations_v<CircuitWaiting>);

struct CircuitState {
  CentralLinks links;
  std::vector<CircuitWaiting> waiting;
  std::int64_t decide_at = -1;
  bool operator==(const CircuitState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, links);
    pdes::checkpoint_value(ar, waiting);
    pdes::checkpoint_value(ar, decide_at);
  }
};

class CircuitManagerLp final : public pdes::LogicalProcess<CircuitState, NetEvent> {
 public:
  CircuitManagerLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                   const AdapterParams& params, std::shared_ptr<const SchedulingPolicy> policy,
                   std::int64_t cycle_ticks);

  void on_init(CircuitState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, CircuitState& state,
                pdes::Context<NetEvent>& ctx) const override;
  void on_finish(const CircuitState& state, pdes::CommitContext& ctx) const override;

 private:
  void decide(CircuitState& state, pdes::Context<NetEvent>& ctx) const;

  const std::uint32_t router_;
  const std::uint32_t dimension_;
  const LpLayout layout_;
  const AdapterParams params_;
  const bool half_duplex_;
  const std::shared_ptr<const SchedulingPolicy> policy_;
  const std::int64_t cycle_;
  const CircuitPathFinder paths_;
};

}  // namespace net::missions
