// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/topology.hpp"

#include "pdes/error.hpp"

namespace net {

PortList Topology::minimal_ports(RouterId current, RouterId destination) const {
  PortList result;
  const std::uint32_t here = distance(current, destination);
  if (here == 0) return result;
  const PortId ports = num_ports(current);
  for (PortId p = 0; p < ports; ++p) {
    const std::optional<RouterPort> next = neighbour(current, p);
    if (next && distance(next->router, destination) + 1 == here) result.push_back(p);
  }
  return result;
}

void Topology::check_router(RouterId router) const {
  PDES_CHECK(router < num_routers(), "router " + std::to_string(router) + " out of range (" +
                                         std::to_string(num_routers()) + " routers)");
}

void Topology::check_port(RouterId router, PortId port) const {
  check_router(router);
  PDES_CHECK(port < num_ports(router),
             "port " + std::to_string(port) + " out of range on router " + std::to_string(router));
}

void Topology::check_node(NodeId node) const {
  PDES_CHECK(node < num_nodes(), "node " + std::to_string(node) + " out of range (" +
                                     std::to_string(num_nodes()) + " nodes)");
}

}  // namespace net
