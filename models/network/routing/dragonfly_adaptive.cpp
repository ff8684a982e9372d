// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_adaptive.hpp"

#include <algorithm>
#include <limits>

#include "models/network/router/router_view.hpp"
#include "models/network/routing/dragonfly_minimal.hpp"

namespace net {

DragonflyAdaptiveRouting::DragonflyAdaptiveRouting(const Topology& topology, Mode mode,
                                                   UgalParams params, std::uint32_t buffer_depth)
    : dragonfly_(require_dragonfly(topology, mode == Mode::kUgalLocal ? "ugal_local" : "par")),
      mode_(mode),
      params_(params),
      buffer_depth_(buffer_depth) {}

void DragonflyAdaptiveRouting::prepare(Flit& head, pdes::Rng& rng) const {
  const std::uint64_t source = dragonfly_.group_of_node(head.src);
  const std::uint64_t destination = dragonfly_.group_of_node(head.dst);
  DragonflyAdaptiveHeader header;
  if (source != destination) {
    const std::uint64_t via = rng.uniform_int(dragonfly_.num_groups());
    if (via != source && via != destination) {
      header.intermediate_plus_one = static_cast<std::uint32_t>(via + 1);
    }
  }
  head.route.set(header);
}

bool DragonflyAdaptiveRouting::decides_at(const RouteInput& at, const Flit& head) const {
  const auto header = head.route.get<DragonflyAdaptiveHeader>();
  if (header.intermediate_plus_one == 0) return false;
  if (dragonfly_.group_of(at.router) != dragonfly_.group_of_node(head.src)) return false;
  if (at.from_terminal) return true;
  // par: the first local hop of a packet that chose the minimal route is done.
  return mode_ == Mode::kProgressive && header.nonminimal == 0 &&
         dragonfly_.is_local_port(at.in_port) && at.in_class == 0;
}

void DragonflyAdaptiveRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  bool minimal = true;
  if (decides_at(at, head)) {
    const auto header = head.route.get<DragonflyAdaptiveHeader>();
    minimal =
        prefers_minimal(at, dragonfly_.router_of_node(head.dst), header.intermediate_plus_one - 1);
  }
  route_given(at, head, minimal, out);
}

void DragonflyAdaptiveRouting::route_given(const RouteInput& at, Flit& head, bool minimal,
                                           RouteCandidates& out) const {
  const RouterPort dst = dragonfly_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  auto header = head.route.get<DragonflyAdaptiveHeader>();
  const bool has_via = header.intermediate_plus_one != 0;
  const std::uint64_t via = has_via ? header.intermediate_plus_one - 1 : 0;
  const std::uint64_t here = dragonfly_.group_of(at.router);
  const bool progressive = mode_ == Mode::kProgressive;
  if (here == dragonfly_.group_of_node(head.src)) {
    bool nonminimal = header.nonminimal != 0;
    if (decides_at(at, head)) {
      nonminimal = !minimal;
      if (at.from_terminal) {  // the source router's decision, for the routers after it
        header.nonminimal = nonminimal ? 1 : 0;
        head.route.set(header);
      }
    } else if (progressive && !at.from_terminal && dragonfly_.is_local_port(at.in_port) &&
               at.in_class == 1) {
      nonminimal = true;  // par turned this packet at its first hop: on to the intermediate group
    }
    // par's second local hop in the source group takes class 1, every other one class 0.
    const std::uint32_t local_class = progressive && !at.from_terminal ? 1 : 0;
    const PortList ports = nonminimal && has_via
                               ? dragonfly_.route_ports_to_group(at.router, via)
                               : dragonfly_.minimal_route_ports(at.router, dst.router);
    for (PortId port : ports) out.add(port, dragonfly_.is_global_port(port) ? 0 : local_class);
    return;
  }
  // Past the source group the route is minimal to the destination; the classes count the
  // global links crossed: one in the intermediate group, and in the destination group one or
  // two according to the group the last global link came from (it is reached over a global
  // link: a local hop there ends at the destination router).
  std::uint32_t crossed = 1;
  if (!(has_via && here == via) && dragonfly_.is_global_port(at.in_port)) {
    const RouterId upstream = dragonfly_.neighbour(at.router, at.in_port)->router;
    crossed = dragonfly_.group_of(upstream) == dragonfly_.group_of_node(head.src) ? 1 : 2;
  }
  const std::uint32_t local_class = progressive ? crossed + 1 : crossed;
  for (PortId port : dragonfly_.minimal_route_ports(at.router, dst.router)) {
    out.add(port, dragonfly_.is_global_port(port) ? crossed : local_class);
  }
}

std::uint32_t DragonflyAdaptiveRouting::nonminimal_hops(RouterId here, std::uint64_t via,
                                                        RouterId destination) const {
  std::uint32_t hops = 1;
  PortId port = dragonfly_.route_ports_to_group(here, via)[0];
  if (!dragonfly_.is_global_port(port)) {  // a local hop to the router with the link first
    here = dragonfly_.neighbour(here, port)->router;
    port = dragonfly_.route_ports_to_group(here, via)[0];
    ++hops;
  }
  const RouterId landing = dragonfly_.neighbour(here, port)->router;
  return hops + dragonfly_.minimal_route_hops(landing, destination);
}

bool DragonflyAdaptiveRouting::prefers_minimal(const RouteInput& at, RouterId destination,
                                               std::uint64_t via) const {
  if (at.view == nullptr) return true;
  const RouterView& view = *at.view;
  // The least queued first port of each route.
  const auto queue = [&](const PortList& ports) {
    std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
    for (PortId port : ports) {
      least = std::min(least, view.output_queue(port, params_.queue_estimate));
    }
    return static_cast<std::int64_t>(least);
  };
  const std::int64_t q_min = queue(dragonfly_.minimal_route_ports(at.router, destination));
  const std::int64_t q_non = queue(dragonfly_.route_ports_to_group(at.router, via));
  const std::int64_t h_min = dragonfly_.minimal_route_hops(at.router, destination);
  const std::int64_t h_non = nonminimal_hops(at.router, via, destination);
  return q_min * h_min <= q_non * h_non + params_.threshold;
}

}  // namespace net
