// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_valiant.hpp"

#include "models/network/routing/dragonfly_minimal.hpp"

namespace net {

DragonflyValiantRouting::DragonflyValiantRouting(const Topology& topology)
    : dragonfly_(require_dragonfly(topology, kName)) {}

void DragonflyValiantRouting::prepare(Flit& head, pdes::Rng& rng) const {
  const std::uint64_t source = dragonfly_.group_of_node(head.src);
  const std::uint64_t destination = dragonfly_.group_of_node(head.dst);
  DragonflyValiantHeader header;
  if (source != destination) {
    const std::uint64_t via = rng.uniform_int(dragonfly_.num_groups());
    if (via != source && via != destination) {
      header.intermediate_plus_one = static_cast<std::uint32_t>(via + 1);
    }
  }
  head.route.set(header);
}

void DragonflyValiantRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouterPort dst = dragonfly_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  const auto header = head.route.get<DragonflyValiantHeader>();
  const bool via_group = header.intermediate_plus_one != 0;
  const std::uint64_t here = dragonfly_.group_of(at.router);
  const std::uint64_t source = dragonfly_.group_of_node(head.src);
  const std::uint64_t intermediate = via_group ? header.intermediate_plus_one - 1 : source;
  // Global links crossed so far: the groups are distinct along the route (source, intermediate,
  // destination), so where the head is tells how far it has come.
  std::uint32_t crossed = 0;
  if (here != source) crossed = (via_group && here != intermediate) ? 2 : 1;
  if (via_group && here == source) {
    for (PortId port : dragonfly_.route_ports_to_group(at.router, intermediate)) out.add(port, 0);
    return;
  }
  for (PortId port : dragonfly_.minimal_route_ports(at.router, dst.router)) out.add(port, crossed);
}

}  // namespace net
