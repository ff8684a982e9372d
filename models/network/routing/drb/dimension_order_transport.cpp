// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/dimension_order_transport.hpp"

#include <optional>
#include <string>

#include "pdes/error.hpp"

namespace net::drb {

DimensionOrderTransport::DimensionOrderTransport(const Topology& topology,
                                                 const DrbParams& params, TorusTie tie)
    : topology_(topology),
      dor_(topology, tie),
      phases_(topology, 2, tie),
      eject_at_intermediates_(params.eject_at_intermediates),
      shared_acks_(params.ack_vcs == AckVcs::kShared) {}

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
  if (shared_acks_) {
    route_ack_shared(at, ack, out);
    return;
  }
  // Plain DOR, shifted into the ACK classes that follow the data sets.
  const std::uint32_t first = phases_.vc_classes();
  const std::uint32_t in_dateline =
      at.from_terminal || at.in_class < first ? 0 : at.in_class - first;
  const RouteDecision d =
      dor_.route(at.router, at.in_port, in_dateline, ack.dst, {ack.src, ack.seq});
  out.add(d.out_port, first + d.vc_class);
}

void DimensionOrderTransport::route_ack_shared(const RouteInput& at, const Flit& ack,
                                               RouteCandidates& out) const {
  // As PhasedDimensionOrder routes a packet without intermediates: DOR in any data set from the
  // one it arrived in upwards, the lowest first (a head climbs as late as it can).
  const std::uint32_t base = dor_.vc_classes();
  const std::uint32_t sets = phases_.vc_classes() / base;
  const std::uint32_t lowest = at.from_terminal ? 0 : at.in_class / base;
  const std::uint32_t in_dateline = at.from_terminal ? 0 : at.in_class % base;
  const RouteDecision d =
      dor_.route(at.router, at.in_port, in_dateline, ack.dst, {ack.src, ack.seq});
  if (topology_.attachment(ack.dst).router == at.router) {
    out.add(d.out_port, 0);  // ejection: the sink needs no VC
    return;
  }
  for (std::uint32_t set = lowest; set < sets; ++set) {
    out.add(d.out_port, set * base + d.vc_class, set - lowest);
  }
}

NodeId DimensionOrderTransport::node_on(RouterId r) const {
  for (PortId p = 0; p < topology_.num_ports(r); ++p) {
    if (const std::optional<NodeId> n = topology_.node_at(r, p)) return *n;
  }
  PDES_CHECK(false, "DRB intermediate router " + std::to_string(r) + " has no node");
  return 0;
}

}  // namespace net::drb
