// SPDX-License-Identifier: Apache-2.0
//
// LatencySummary: aggregates PacketDelivered records into the latency and throughput figures of a
// run. Used by sinks, tests and (later) the CLI summary; never by LPs.
//
//   net::LatencySummary summary(params.router, params.packet_size, num_nodes);
//   for (const net::PacketDelivered& d : records) summary.add(d);   // unmeasured ones skipped
//   double lat = summary.mean_latency_cycles();
//
// Latency split (cycles), per measured packet:
//   latency      = source wait + network latency
//   source wait  = injected - created            (time in the unbounded source queue)
//   network      = delivered - injected
//   contention   = network - zero-load network latency of that packet (router_params.hpp formula
//                  with its hop count); never negative (the model cannot beat zero load)
// Means are over packets; mean_of_destination_means() first averages per destination, then over
// the destinations that received a packet (the "mean of means" of the seed 004 thesis, Eq. 4.1/4.2),
// which weighs a lightly loaded destination like a hot one.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/metrics/packet_records.hpp"
#include "models/network/router/router_params.hpp"

namespace net {

class LatencySummary {
 public:
  LatencySummary(const RouterParams& router, std::uint64_t num_nodes);

  /// Adds one delivered packet; packets with measured == 0 (warm-up) are ignored.
  void add(const PacketDelivered& packet);

  /// Zero-load network latency, in cycles, of a packet of `size` flits through `hops` routers.
  std::int64_t zero_load_cycles(std::uint32_t hops, std::uint32_t size) const;

  std::uint64_t packets() const { return packets_; }
  std::uint64_t flits() const { return flits_; }
  double mean_latency_cycles() const { return mean(sum_latency_); }
  double mean_network_latency_cycles() const { return mean(sum_network_); }
  double mean_source_wait_cycles() const { return mean(sum_latency_ - sum_network_); }
  double mean_contention_cycles() const { return mean(sum_contention_); }
  double mean_hops() const { return mean(static_cast<double>(sum_hops_) * cycle_ps_); }
  double mean_of_destination_means() const;
  /// Accepted throughput in flits/node/cycle over a measurement window of `cycles` cycles.
  double accepted_flits_per_node_cycle(std::uint64_t cycles) const;

 private:
  double mean(double sum_ticks) const {
    return packets_ == 0 ? 0.0 : sum_ticks / static_cast<double>(cycle_ps_) /
                                     static_cast<double>(packets_);
  }

  RouterParams router_;
  double cycle_ps_;
  std::uint64_t num_nodes_;
  std::uint64_t packets_ = 0;
  std::uint64_t flits_ = 0;
  double sum_latency_ = 0;     // ticks
  double sum_network_ = 0;     // ticks
  double sum_contention_ = 0;  // ticks
  std::uint64_t sum_hops_ = 0;
  std::vector<double> destination_sum_;  // ticks, per destination
  std::vector<std::uint64_t> destination_count_;
};

}  // namespace net
