// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_routing.hpp"

#include <optional>
#include <string>

#include "pdes/error.hpp"

namespace net::drb {

DrbRouting::DrbRouting(const Topology& topology, const DrbParams& params, ZeroLoadLatency zero_load)
    : topology_(topology),
      source_(topology, params, zero_load),
      dor_(topology),
      phases_(topology, 2),
      canonical_only_(source_.canonical_only()) {}

std::uint32_t DrbRouting::vc_classes() const {
  if (canonical_only_) return dor_.vc_classes();
  // ACK classes only for ACKs that cross the network.
  return phases_.vc_classes() +
         (source_.params().ack == AckDelivery::kNetwork ? dor_.vc_classes() : 0);
}

void DrbRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  if (canonical_only_) {
    dor_.route(at, head, out);
  } else if (head.is_ack()) {
    route_ack(at, head, out);
  } else if (source_.params().eject_at_intermediates && !at.from_terminal &&
             head.phase < head.vias &&
             topology_.router_of_node(head.via[head.phase]) == at.router) {
    // Arrived at X (or Y): out to the node there, which re-injects it (NodeLp, transit).
    out.add(topology_.attachment(head.via[head.phase]).port, 0);
  } else {
    phases_.route(at, head, out);
  }
}

void DrbRouting::route_ack(const RouteInput& at, const Flit& ack, RouteCandidates& out) const {
  // Plain DOR, shifted into the ACK classes that follow the data sets.
  const std::uint32_t first = phases_.vc_classes();
  const std::uint32_t in_dateline =
      at.from_terminal || at.in_class < first ? 0 : at.in_class - first;
  const RouteDecision d = dor_.route(at.router, at.in_port, in_dateline, ack.dst);
  out.add(d.out_port, first + d.vc_class);
}

NodeId DrbRouting::node_on(RouterId r) const {
  for (PortId p = 0; p < topology_.num_ports(r); ++p) {
    if (const std::optional<NodeId> n = topology_.node_at(r, p)) return *n;
  }
  PDES_CHECK(false, "DRB intermediate router " + std::to_string(r) + " has no node");
  return 0;
}

void DrbRouting::prepare(NodeId self, Flit& head, SourceRoutingState& state, pdes::Rng& rng) const {
  head.phase = 0;
  head.vias = 0;
  head.path = 0;
  head.width = 1;
  if (canonical_only_) return;
  const MspChoice c = source_.choose(state.metapaths, self, head.dst, rng);
  PDES_CHECK(c.msp_id <= 0xFF, "MSP index beyond the 8-bit header field");
  head.path = static_cast<std::uint8_t>(c.msp_id);
  const std::uint32_t width = state.metapaths.width(head.dst);
  head.width = static_cast<std::uint8_t>(width > 0xFF ? 0xFF : width);
  // Null steps are left out of the header: X = S (the packet starts at X) and Y = D.
  if (c.x != topology_.router_of_node(self)) head.via[head.vias++] = node_on(c.x);
  if (c.y != topology_.router_of_node(head.dst) && c.y != c.x) head.via[head.vias++] = node_on(c.y);
}

AckDelivery DrbRouting::acks() const {
  return canonical_only_ ? AckDelivery::kNone : source_.params().ack;
}

void DrbRouting::on_ack(NodeId self, const Flit& ack, SourceRoutingState& state) const {
  source_.on_ack(state.metapaths, self, ack.src, ack.path, ack.acked_blocked_cycles);
}

}  // namespace net::drb
