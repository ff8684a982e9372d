// SPDX-License-Identifier: Apache-2.0
//
// SyntheticWorkload: the [traffic] section as a workload. Each node generates packets as the
// shared TrafficSource says (arrival process, phases, patterns, injection end); every packet is
// a message of one packet of traffic.packet_size flits, in the group of its traffic phase.
//
// Its per-node state is the arrival process's InjectionState. One wake-up is in flight at a
// time: it brings the packets of one generation (InjectionState::pending_packets). The draws
// come in the order the node has always made them — the destinations of a generation, then the
// next generation — so that runs are those of the node before workloads existed.
#pragma once

#include <memory>
#include <string>

#include "models/network/build/network_params.hpp"
#include "models/network/node/traffic_source.hpp"
#include "models/network/workload/workload.hpp"

namespace net {

class SyntheticWorkload final : public Workload {
 public:
  /// `summary` describes the traffic for the run's summary (traffic_summary()).
  SyntheticWorkload(std::shared_ptr<const TrafficSource> source, std::uint32_t packet_size,
                    std::string summary = "");

  AlgorithmState initial_state(NodeId node) const override;
  void start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  void on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  /// The nodes send until the run ends.
  bool is_finite() const override { return false; }
  std::string summary() const override { return summary_; }

 private:
  /// Asks the source for its next generation at or after `from_cycle` and wakes then.
  void schedule(NodeId node, InjectionState& state, WorkloadContext& ctx,
                std::uint64_t from_cycle) const;

  std::shared_ptr<const TrafficSource> source_;
  std::uint32_t packet_size_;
  std::string summary_;
};

/// "uniform at 0.3 flits/node/cycle, bernoulli, 4-flit packets", or the phases.
std::string traffic_summary(const NetworkParams& params);

}  // namespace net
