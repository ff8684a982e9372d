// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp.hpp"

#include <limits>

#include "pdes/error.hpp"

namespace net::drb {
namespace {

std::uint32_t narrow_router(RouterId r) {
  PDES_CHECK(r <= std::numeric_limits<std::uint32_t>::max(), "DRB: router id beyond 32 bits");
  return static_cast<std::uint32_t>(r);
}

void walk(const Topology& topology, RouterId from, RouterId to, std::vector<RouterId>& out) {
  RouterId here = from;
  while (here != to) {
    const PortId port = topology.minimal_ports(here, to)[0];
    here = topology.neighbour(here, port)->router;
    out.push_back(here);
  }
}

}  // namespace

Msp make_msp(const Topology& topology, RouterId source, RouterId x, RouterId y,
             RouterId destination) {
  return {
      narrow_router(x), narrow_router(y),
      topology.distance(source, x) + topology.distance(x, y) + topology.distance(y, destination)};
}

Msp canonical_msp(const Topology& topology, RouterId source, RouterId destination) {
  return make_msp(topology, source, source, destination, destination);
}

std::vector<RouterId> msp_routers(const Topology& topology, RouterId source, const Msp& msp,
                                  RouterId destination) {
  std::vector<RouterId> routers{source};
  routers.reserve(msp.length + 1);
  walk(topology, source, msp.x, routers);
  walk(topology, msp.x, msp.y, routers);
  walk(topology, msp.y, destination, routers);
  return routers;
}

}  // namespace net::drb
