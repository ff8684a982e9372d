// SPDX-License-Identifier: Apache-2.0
#include "models/network/build/lp_weights.hpp"

#include <algorithm>
#include <cmath>

namespace net {

std::vector<std::uint32_t> network_lp_weights(const Topology& topology) {
  const std::uint64_t routers = topology.num_routers();
  const std::uint64_t nodes = topology.num_nodes();
  constexpr std::uint64_t kSources = 8;
  const std::uint64_t sources = std::min(kSources, nodes);
  double hops = 0.0;
  for (std::uint64_t s = 0; s < sources; ++s) {
    const RouterId from = topology.router_of_node(s * nodes / sources);
    for (NodeId d = 0; d < nodes; ++d) hops += topology.distance(from, topology.router_of_node(d));
  }
  const double mean_hops = sources == 0 ? 0.0 : hops / static_cast<double>(sources * nodes);
  const double router = kNodeWeight * kRouterEventsPerNodeEvent * static_cast<double>(nodes) *
                        (mean_hops + 1.0) / static_cast<double>(std::max<std::uint64_t>(routers, 1));
  const auto router_weight = static_cast<std::uint32_t>(std::max(1.0, std::round(router)));
  std::vector<std::uint32_t> weights(routers, router_weight);
  weights.resize(routers + nodes, kNodeWeight);
  return weights;
}

}  // namespace net
