// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_minimal.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

const Dragonfly& require_dragonfly(const Topology& topology, std::string_view routing) {
  const auto* dragonfly = dynamic_cast<const Dragonfly*>(&topology);
  if (dragonfly == nullptr) {
    throw pdes::ConfigError(
        "network.routing",
        std::string(routing) + " routes dragonflies only, not " + topology.summary());
  }
  return *dragonfly;
}

DragonflyMinimalRouting::DragonflyMinimalRouting(const Topology& topology)
    : dragonfly_(require_dragonfly(topology, kName)) {}

void DragonflyMinimalRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouterPort dst = dragonfly_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  const bool in_source_group = dragonfly_.group_of(at.router) == dragonfly_.group_of_node(head.src);
  const std::uint32_t local_class = in_source_group ? kSourceLocalClass : kDestinationLocalClass;
  for (PortId port : dragonfly_.minimal_route_ports(at.router, dst.router)) {
    out.add(port, dragonfly_.is_global_port(port) ? kGlobalClass : local_class);
  }
}

}  // namespace net
