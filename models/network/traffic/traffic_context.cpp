// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_context.hpp"

#include "models/network/topology/topology.hpp"

namespace net {

TrafficContext TrafficContext::of(const Topology& topology) {
  return {topology.num_nodes(), topology.radices(), topology.concentration()};
}

}  // namespace net
