// SPDX-License-Identifier: Apache-2.0
//
// MissionStreamWorkload (workload.kind = "mission_stream"): the steady-state traffic of Tsai &
// Shin §4.3 (docs/reproduction/missions.md, target 5): at every node, messages arrive as a Poisson
// process of mean inter-arrival time mission.interarrival (time units) until mission.duration; each
// goes to a uniformly chosen other node (or hot spot) with length N(μ, σ) as for missions. The mean
// message latency is the network results' message_latency (release to arrival, after
// traffic.warmup_cycles). Destination and length distributions are not stated in the paper
// (§4.3): uniform and N(10, 5) are ours.
#pragma once

#include <cstdint>

#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/mission_workload.hpp"
#include "models/network/workload/workload.hpp"

namespace net::missions {

struct StreamState {
  std::int64_t next = 0;  ///< cycle of the next arrival
  bool operator==(const StreamState&) const = default;
};

class MissionStreamWorkload final : public Workload {
 public:
  MissionStreamWorkload(MissionParams params, std::uint64_t num_nodes);

  AlgorithmState initial_state(NodeId node) const override;
  void start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  void on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;

 private:
  /// Sends what arrived up to now, draws the next arrival, asks to be woken for it.
  void arrivals(NodeId node, StreamState& s, WorkloadContext& ctx) const;

  const MissionParams params_;
  const std::uint64_t num_nodes_;
  const MissionWorkload generator_;  ///< targets and length draws, shared with missions
};

}  // namespace net::missions
