// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/dimension_order_transport.hpp"

#include <optional>
#include <string>

#include "pdes/error.hpp"

namespace net::drb {

DimensionOrderTransport::DimensionOrderTransport(const Topology& topology,
                                                 const DrbParams& params)
    : topology_(topology),
      dor_(topology),
      phases_(topology, 2),
      eject_at_intermediates_(params.eject_at_intermediates) {}

void DimensionOrderTransport::write_route(NodeId self, NodeId destination, const MspChoice& c,
                                          MultiPhaseHeader& h) const {
  // Null steps are left out of the header: X = S (the packet starts at X) and Y = D.
  if (c.x != topology_.router_of_node(self)) h.via[h.vias++] = node_on(c.x);
  if (c.y != topology_.router_of_node(destination) && c.y != c.x) h.via[h.vias++] = node_on(c.y);
}

void DimensionOrderTransport::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  if (eject_at_intermediates_ && !at.from_terminal) {
    const MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
    if (h.phase < h.vias && topology_.router_of_node(h.via[h.phase]) == at.router) {
      // Arrived at X (or Y): out to the node there, which re-injects it (NodeLp, transit).
      out.add(topology_.attachment(h.via[h.phase]).port, 0);
      return;
    }
  }
  phases_.route(at, head, out);
}

void DimensionOrderTransport::route_ack(const RouteInput& at, const Flit& ack,
                                        RouteCandidates& out) const {
  // Plain DOR, shifted into the ACK classes that follow the data sets.
  const std::uint32_t first = phases_.vc_classes();
  const std::uint32_t in_dateline =
      at.from_terminal || at.in_class < first ? 0 : at.in_class - first;
  const RouteDecision d = dor_.route(at.router, at.in_port, in_dateline, ack.dst);
  out.add(d.out_port, first + d.vc_class);
}

NodeId DimensionOrderTransport::node_on(RouterId r) const {
  for (PortId p = 0; p < topology_.num_ports(r); ++p) {
    if (const std::optional<NodeId> n = topology_.node_at(r, p)) return *n;
  }
  PDES_CHECK(false, "DRB intermediate router " + std::to_string(r) + " has no node");
  return 0;
}

}  // namespace net::drb
