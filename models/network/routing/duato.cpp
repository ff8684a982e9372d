// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/duato.hpp"

#include <string>

#include "models/network/routing/packet_hash.hpp"
#include "pdes/error.hpp"

namespace net {

DuatoRouting::DuatoRouting(const Topology& topology)
    : topology_(topology),
      torus_(dynamic_cast<const Torus*>(&topology)),
      escape_classes_(torus_ != nullptr ? 2 : 1) {
  const std::string_view n = topology.name();
  if (n != "mesh" && n != "torus" && n != "hypercube") {
    throw pdes::ConfigError("network.routing", "duato routes meshes, tori and hypercubes, not " +
                                                   topology.summary());
  }
}

void DuatoRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouterPort dst = topology_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  const PortList minimal = topology_.minimal_ports(at.router, dst.router);
  const std::size_t n = minimal.size();
  // Rotated by a hash of the packet so that no direction is preferred on ties.
  const std::size_t first = n > 1 ? packet_hash(head.src, head.seq, at.router) % n : 0;
  for (std::size_t i = 0; i < n; ++i) out.add(minimal[(first + i) % n], escape_classes_, 0);

  const PortId escape = topology_.first_minimal_port(at.router, dst.router);
  std::uint32_t escape_class = 0;
  if (torus_ != nullptr) {
    DuatoHeader h = head.route.get<DuatoHeader>();
    if (!at.from_terminal) {
      // The hop that brought the head here: did it cross its ring's wrap link? (Idempotent:
      // route() runs again on every pass until the head moves.)
      if (const auto up = topology_.neighbour(at.router, at.in_port);
          up && torus_->crosses_wrap(up->router, up->port)) {
        h.wrapped = static_cast<std::uint16_t>(h.wrapped | 1u << (at.in_port / 2));
        head.route.set(h);
      }
    }
    const bool after = (h.wrapped >> (escape / 2) & 1u) != 0 || torus_->crosses_wrap(at.router, escape);
    escape_class = after ? 1 : 0;
  }
  out.add(escape, escape_class, 1);
}

}  // namespace net
