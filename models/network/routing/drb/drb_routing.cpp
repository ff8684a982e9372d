// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_routing.hpp"

#include "pdes/error.hpp"

namespace net::drb {

DrbRouting::DrbRouting(const Topology& topology, const DrbParams& params, ZeroLoadLatency zero_load,
                       TorusTie tie)
    : topology_(topology),
      source_(topology, params, zero_load),
      transport_(make_msp_transport(topology, params, tie)),
      canonical_only_(source_.canonical_only()),
      agent_(*this, *this, acks()) {}

std::uint32_t DrbRouting::vc_classes() const {
  if (canonical_only_) return transport_->base().vc_classes();
  // ACK classes only for ACKs that cross the network on VCs of their own (drb.ack_vcs).
  return transport_->data_classes() +
         (source_.params().ack == AckDelivery::kNetwork ? transport_->ack_classes() : 0);
}

void DrbRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  if (canonical_only_) {
    transport_->base().route(at, head, out);
    return;
  }
  if (head.is_ack()) {
    transport_->route_ack(at, head, out);
    return;
  }
  transport_->route(at, head, out);
}

AlgorithmState DrbRouting::initial_state(NodeId /*self*/) const {
  return AlgorithmState::of(MetapathTable{});
}

void DrbRouting::prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const {
  write_header(self, head, state.get<MetapathTable>(), rng);
}

void DrbRouting::write_header(NodeId self, Flit& head, MetapathTable& metapaths,
                              pdes::Rng& rng) const {
  MultiPhaseHeader h;
  h.tag = 1;  // width
  if (!canonical_only_) {
    const MspChoice c = source_.choose(metapaths, self, head.dst, rng);
    PDES_CHECK(c.msp_id <= 0xFF, "MSP index beyond the 8-bit header field");
    h.path = static_cast<std::uint8_t>(c.msp_id);
    const std::uint32_t width = metapaths.width(head.dst);
    h.tag = static_cast<std::uint8_t>(width > 0xFF ? 0xFF : width);
    transport_->write_route(self, head.dst, c, h);
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

void DrbRouting::on_ack(NodeId self, const Flit& ack, std::int64_t /*now*/,
                        AlgorithmState& state) const {
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
