// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_routing.hpp"

#include <optional>
#include <string>

#include "pdes/error.hpp"

namespace net::drb {

DrbRouting::DrbRouting(const Topology& topology, const DrbParams& params, ZeroLoadLatency zero_load,
                       TorusTie tie)
    : topology_(topology),
      source_(topology, params, zero_load),
      dor_(topology, tie),
      phases_(topology, 2, tie),
      canonical_only_(source_.canonical_only()) {}

std::uint32_t DrbRouting::vc_classes() const {
  if (canonical_only_) return dor_.vc_classes();
  // ACK classes only for ACKs that cross the network on VCs of their own.
  const bool reserved = source_.params().ack == AckDelivery::kNetwork &&
                        source_.params().ack_vcs == AckVcs::kReserved;
  return phases_.vc_classes() + (reserved ? dor_.vc_classes() : 0);
}

void DrbRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  if (canonical_only_) {
    dor_.route(at, head, out);
    return;
  }
  if (head.is_ack()) {
    route_ack(at, head, out);
    return;
  }
  if (source_.params().eject_at_intermediates && !at.from_terminal) {
    const MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
    if (h.phase < h.vias && topology_.router_of_node(h.via[h.phase]) == at.router) {
      // Arrived at X (or Y): out to the node there, which re-injects it (NodeLp, transit).
      out.add(topology_.attachment(h.via[h.phase]).port, 0);
      return;
    }
  }
  phases_.route(at, head, out);
}

void DrbRouting::route_ack(const RouteInput& at, const Flit& ack, RouteCandidates& out) const {
  if (source_.params().ack_vcs == AckVcs::kShared) {
    route_ack_shared(at, ack, out);
    return;
  }
  // Plain DOR, shifted into the ACK classes that follow the data sets.
  const std::uint32_t first = phases_.vc_classes();
  const std::uint32_t in_dateline =
      at.from_terminal || at.in_class < first ? 0 : at.in_class - first;
  const RouteDecision d = dor_.route(at.router, at.in_port, in_dateline, ack.dst, {ack.src, ack.seq});
  out.add(d.out_port, first + d.vc_class);
}

void DrbRouting::route_ack_shared(const RouteInput& at, const Flit& ack,
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

NodeId DrbRouting::node_on(RouterId r) const {
  for (PortId p = 0; p < topology_.num_ports(r); ++p) {
    if (const std::optional<NodeId> n = topology_.node_at(r, p)) return *n;
  }
  PDES_CHECK(false, "DRB intermediate router " + std::to_string(r) + " has no node");
  return 0;
}

AlgorithmState DrbRouting::initial_state(NodeId /*self*/) const {
  return AlgorithmState::of(MetapathTable{});
}

void DrbRouting::prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const {
  MultiPhaseHeader h;
  h.tag = 1;  // width
  if (!canonical_only_) {
    MetapathTable& metapaths = state.get<MetapathTable>();
    const MspChoice c = source_.choose(metapaths, self, head.dst, rng);
    PDES_CHECK(c.msp_id <= 0xFF, "MSP index beyond the 8-bit header field");
    h.path = static_cast<std::uint8_t>(c.msp_id);
    const std::uint32_t width = metapaths.width(head.dst);
    h.tag = static_cast<std::uint8_t>(width > 0xFF ? 0xFF : width);
    // Null steps are left out of the header: X = S (the packet starts at X) and Y = D.
    if (c.x != topology_.router_of_node(self)) h.via[h.vias++] = node_on(c.x);
    if (c.y != topology_.router_of_node(head.dst) && c.y != c.x) h.via[h.vias++] = node_on(c.y);
  }
  head.route.set(h);
}

AckDelivery DrbRouting::acks() const {
  return canonical_only_ ? AckDelivery::kNone : source_.params().ack;
}

void DrbRouting::make_ack(const Flit& tail, Flit& ack) const {
  const MultiPhaseHeader data = tail.route.get<MultiPhaseHeader>();
  DrbAckHeader h;
  h.path = data.path;
  h.width = data.tag;
  h.blocked_cycles = tail.blocked_cycles;
  ack.route.set(h);
}

bool DrbRouting::acknowledges(NodeId self, const Flit& tail) const {
  return topology_.router_of_node(tail.src) != topology_.router_of_node(self);
}

void DrbRouting::on_ack(NodeId self, const Flit& ack, AlgorithmState& state) const {
  const DrbAckHeader h = ack.route.get<DrbAckHeader>();
  source_.on_ack(state.get<MetapathTable>(), self, ack.src, h.path, h.blocked_cycles);
}

RouteLabel DrbRouting::label(const Flit& flit) const {
  if (flit.is_ack()) {
    const DrbAckHeader h = flit.route.get<DrbAckHeader>();
    return {h.path, h.width};
  }
  const MultiPhaseHeader h = flit.route.get<MultiPhaseHeader>();
  return {h.path, h.tag};
}

bool DrbRouting::continue_from(NodeId here, Flit& head) const {
  MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
  if (h.phase >= h.vias || h.via[h.phase] != here) return false;
  ++h.phase;  // the next step starts here
  head.route.set(h);
  return true;
}

}  // namespace net::drb
