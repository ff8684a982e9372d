// SPDX-License-Identifier: Apache-2.0
//
// MissionWorkload (workload.kind = "mission"): bursty communication missions (Tsai & Shin,
// ICDCS 1996, §4 "uniformly-distributed mission generator"). Mission k starts at cycle
// k × mission.period. In it, node i sends to each other node j (each hot spot j ≠ i with
// mission.hot_spots = h > 0) one message with probability `density`, of length
// rounding(N(μ, σ)) cycles; a length below 1 means no message (not stated in the paper, [OURS]).
// Each message is released at a uniform whole cycle in [0, Δt] after the start (Δt = 0: all at
// once, as in all of the paper's data). The group of a message is its mission index, so a
// mission's makespan is the last arrival of its group minus its first release.
//
// Every node draws its own messages from its own random stream: the same missions on any rank
// count and under any adapter, policy or routing (common random numbers across a sweep).
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/opt_schedule.hpp"
#include "models/network/workload/workload.hpp"

namespace net::missions {

/// A message of the current mission waiting for its release cycle (Δt > 0).
struct PendingMessage {
  std::int64_t cycle = 0;
  std::uint32_t dst = 0;
  std::uint32_t length = 0;
  std::uint32_t group = 0;
  std::uint32_t reserved = 0;
  bool operator==(const PendingMessage&) const = default;
};

struct MissionState {
  std::uint64_t next_mission = 0;
  std::vector<PendingMessage> pending;  ///< ascending cycle
  bool operator==(const MissionState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, next_mission);
    pdes::checkpoint_value(ar, pending);
  }
};

class MissionWorkload final : public Workload {
 public:
  /// `dimension`: the hypercube's n (for the results' link-load bounds); `half_duplex`: how the
  /// bounds count a link.
  /// `store_and_forward`: message switching (the bounds' ℓ × H term; ℓ otherwise).
  MissionWorkload(MissionParams params, std::uint64_t num_nodes, std::uint32_t dimension,
                  bool half_duplex, bool store_and_forward = true,
                  ScheduleMode opt_mode = ScheduleMode::kMessage);

  AlgorithmState initial_state(NodeId node) const override;
  void start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  void on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  std::unique_ptr<ResultsExtension> make_results() const override;

  /// The destinations node `node` may send to, ascending.
  std::vector<NodeId> targets(NodeId node) const;
  /// One length sample (cycles; 0: no message).
  std::uint32_t draw_length(pdes::Rng& rng) const;

 private:
  void begin_mission(NodeId node, MissionState& state, WorkloadContext& ctx) const;
  void release_due(MissionState& state, WorkloadContext& ctx) const;
  void schedule_next(const MissionState& state, WorkloadContext& ctx) const;

  const MissionParams params_;
  const std::uint64_t num_nodes_;
  const std::uint32_t dimension_;
  const bool half_duplex_;
  const bool store_and_forward_;
  const ScheduleMode opt_mode_;  ///< the switching method OPT schedules for (mission.opt)
};

}  // namespace net::missions
