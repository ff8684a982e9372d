// SPDX-License-Identifier: Apache-2.0
//
// InjectionProcess: when a compute node's traffic source generates packets, as a sequence of
// generation cycles drawn from the node's own random stream.
//
// Who calls it: TrafficSource (traffic_source.hpp), from NodeLp handlers, once per generation
// event: there is one event per generation, none per idle cycle. Processes are stateless and
// const (shared by every node); what they remember lives in InjectionState, inside NodeState,
// and all randomness comes from the pdes::Rng passed in (ctx.rng()), so that they are
// deterministic and rollback-safe.
//
// Time is in whole cycles. The traffic of a run is cut into segments of constant rate (the
// whole run, or one occurrence of a phase); a process is begun at the first cycle of each
// segment and asked for generations inside it:
//
//   process.begin(first, rate, node, state, rng);            // first >= 1
//   while (auto a = process.next(from, end, rate, state, rng)) {
//     generate a->packets packets at cycle a->cycle;          // first <= from <= a->cycle < end
//     from = a->cycle + 1;
//   }
//
// `rate` is in packets per cycle, in (0, 1] (offered load / packet size). Every process has the
// long-run mean rate `rate`; they differ in how arrivals are spread. A process restarted at a
// segment boundary forgets its past: exact for the memoryless processes (Bernoulli, Poisson);
// for periodic and on/off it restarts the period or the burst cycle (documented in each).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "models/network/node/injection_params.hpp"
#include "models/network/node/injection_state.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/rng.hpp"

namespace net {

/// One generation: `packets` (>= 1) packets created at `cycle`.
struct Arrival {
  std::uint64_t cycle = 0;
  std::uint32_t packets = 1;
  bool operator==(const Arrival&) const = default;
};

class InjectionProcess {
 public:
  virtual ~InjectionProcess() = default;

  /// The traffic.injection name ("bernoulli", ...).
  virtual std::string_view name() const = 0;
  /// The load (flits/node/cycle) a node offers at its busiest, for a mean load `load`: the
  /// load during a burst for a bursty process, `load` itself for the others.
  virtual double peak_load(double load) const { return load; }

  /// Starts a segment of constant `rate` whose first cycle is `first` (>= 1), for node `node`:
  /// resets the process's fields of `state`. May draw.
  virtual void begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
                     pdes::Rng& rng) const = 0;

  /// The next generation at a cycle in [from, end), or nullopt if there is none before `end`
  /// (the segment is then over: begin() must be called before the next next()). `from` is the
  /// segment's first cycle or one past the previous generation.
  virtual std::optional<Arrival> next(std::uint64_t from, std::uint64_t end, double rate,
                                      InjectionState& state, pdes::Rng& rng) const = 0;
};

/// The process chosen by `params` (injection_registry.cpp), for a network of `num_nodes` nodes;
/// throws pdes::ConfigError naming the key of a bad parameter.
std::unique_ptr<const InjectionProcess> make_injection_process(const InjectionParams& params,
                                                               std::uint64_t num_nodes);

/// Number of Bernoulli trials up to and including the first success, each succeeding with
/// probability p in (0, 1]: geometric on {1, 2, ...} with mean 1/p, by inversion (one draw).
/// Capped at 2^52 cycles, far beyond any run.
std::uint64_t geometric_trials(double p, pdes::Rng& rng);

}  // namespace net
