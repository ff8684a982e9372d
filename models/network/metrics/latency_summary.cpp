// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/latency_summary.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

LatencySummary::LatencySummary(const RouterParams& router, std::uint64_t num_nodes)
    : router_(router),
      cycle_ps_(static_cast<double>(router.cycle_ps)),
      num_nodes_(num_nodes),
      destination_sum_(num_nodes, 0.0),
      destination_count_(num_nodes, 0) {}

std::int64_t LatencySummary::zero_load_cycles(std::uint32_t hops, std::uint32_t size) const {
  return router_.zero_load_cycles(hops, size);
}

void LatencySummary::add(const PacketDelivered& p) {
  if (p.measured == 0) return;
  PDES_CHECK(p.dst < num_nodes_, "delivered packet for node " + std::to_string(p.dst));
  ++packets_;
  flits_ += p.size;
  sum_latency_ += static_cast<double>(p.latency());
  sum_network_ += static_cast<double>(p.network_latency());
  sum_contention_ += static_cast<double>(p.network_latency()) -
                     static_cast<double>(zero_load_cycles(p.hops, p.size)) * cycle_ps_;
  sum_hops_ += p.hops;
  destination_sum_[p.dst] += static_cast<double>(p.latency());
  ++destination_count_[p.dst];
}

double LatencySummary::mean_of_destination_means() const {
  double sum = 0;
  std::uint64_t destinations = 0;
  for (std::uint64_t d = 0; d < num_nodes_; ++d) {
    if (destination_count_[d] == 0) continue;
    sum += destination_sum_[d] / static_cast<double>(destination_count_[d]) / cycle_ps_;
    ++destinations;
  }
  return destinations == 0 ? 0.0 : sum / static_cast<double>(destinations);
}

double LatencySummary::accepted_flits_per_node_cycle(std::uint64_t cycles) const {
  if (cycles == 0 || num_nodes_ == 0) return 0.0;
  return static_cast<double>(flits_) / static_cast<double>(num_nodes_) /
         static_cast<double>(cycles);
}

}  // namespace net
