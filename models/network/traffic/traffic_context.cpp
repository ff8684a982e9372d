// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_context.hpp"

#include "models/network/topology/topology.hpp"

namespace net {

TrafficContext TrafficContext::of(const Topology& topology) {
  TrafficContext context{topology.num_nodes(), topology.radices(), topology.concentration()};
  if (const auto groups = topology.groups()) {
    context.groups = groups->count;
    context.nodes_per_group = topology.num_nodes() / groups->count;
  }
  return context;
}

}  // namespace net
