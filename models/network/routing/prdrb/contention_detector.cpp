// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/contention_detector.hpp"

#include <algorithm>

#include "models/network/event/control_message.hpp"
#include "models/network/routing/prdrb/congestion_notice.hpp"

namespace net::prdrb {

ContentionDetector::ContentionDetector(const Topology& topology, const PrDrbParams& params)
    : topology_(topology),
      params_(params),
      layout_{topology.num_routers(), topology.num_nodes()} {}

AlgorithmState ContentionDetector::initial_state(RouterId router) const {
  DetectorState s;
  s.outputs.resize(topology_.num_ports(router));
  return AlgorithmState::of(std::move(s));
}

FlowSet ContentionDetector::contributors(const OutputRegister& reg, Flow waiting,
                                         std::uint32_t since) const {
  struct Count {
    Flow flow;
    std::uint32_t packets = 0;
    std::uint32_t first = 0;  ///< order of first sight: the oldest first
  };
  std::array<Count, OutputRegister::kWindow + 1> counts{};
  std::uint32_t distinct = 0, total = 0, order = 0;
  const auto add = [&](Flow f) {
    ++total;
    for (std::uint32_t i = 0; i < distinct; ++i) {
      if (counts[i].flow == f) {
        ++counts[i].packets;
        return;
      }
    }
    counts[distinct++] = {f, 1, order++};
  };
  // Oldest grant first: the ring's slot `next` holds the oldest once it has wrapped.
  const std::uint32_t start = reg.count < OutputRegister::kWindow ? 0 : reg.next;
  for (std::uint32_t k = 0; k < reg.count; ++k) {
    const GrantRecord& g = reg.recent[(start + k) % OutputRegister::kWindow];
    if (g.cycle >= since) add({g.src, g.dst});
  }
  add(waiting);
  std::sort(counts.begin(), counts.begin() + distinct, [](const Count& a, const Count& b) {
    if (a.packets != b.packets) return a.packets > b.packets;
    if (a.first != b.first) return a.first < b.first;
    return a.flow < b.flow;
  });
  std::array<Flow, FlowSet::kCapacity> chosen{};
  std::uint32_t n = 0, covered = 0;
  for (std::uint32_t i = 0; i < distinct && n < params_.max_flows; ++i) {
    chosen[n++] = counts[i].flow;
    covered += counts[i].packets;
    if (static_cast<double>(covered) >= params_.contributor_share * total) break;
  }
  return FlowSet::of(std::span<const Flow>(chosen.data(), n));
}

void ContentionDetector::on_grant(const RouterView& router, PortId /*in_port*/, PortId out_port,
                                  const Flit& head, std::int64_t waited_ticks,
                                  RouterControl& control, AlgorithmState& state) const {
  if (head.kind != FlitKind::kData) return;
  DetectorState& s = state.get<DetectorState>();
  OutputRegister& reg = s.outputs[out_port];
  const std::int64_t cycle = control.cycle();
  const auto now = static_cast<std::uint32_t>(router.now() / cycle);
  const auto waited = static_cast<std::uint32_t>(waited_ticks / cycle);
  const Flow mine{static_cast<std::uint16_t>(head.src), static_cast<std::uint16_t>(head.dst)};
  if (static_cast<double>(waited) > params_.router_threshold) {
    ++s.detections;
    const bool by_router = params_.notification == Notification::kRouter;
    if (!by_router || now >= reg.quiet_until) {
      CongestionNotice notice;
      notice.router = static_cast<std::uint32_t>(router.router());
      notice.flows = contributors(reg, mine, now - std::min(now, waited));
      ControlMessage msg;
      msg.origin = notice.router;
      msg.origin_is_router = 1;
      msg.owner = ControlOwner::kRouting;
      msg.sent = router.now();
      if (by_router) {
        msg.topic = kPredictiveAck;
        msg.body.set(notice);
        // One predictive ACK per source named (a source with two flows gets one); the flows
        // are sorted by source, so a source's flows are adjacent.
        std::uint32_t last = 0x10000;
        for (const Flow& f : notice.flows.flows()) {
          if (f.src == last) continue;
          last = f.src;
          control.send_to_node(f.src, msg, params_.notice_flits);
          ++s.notices;
        }
        reg.quiet_until = now + params_.notify_holdoff;
      } else if (params_.immediate_notice) {
        // The probe: the same flows, to the same source, without waiting for the ACK. Acted on
        // at once, as a predictive ACK is (prdrb_source.cpp).
        msg.topic = kPredictiveAck;
        msg.body.set(notice);
        control.send_ideal(layout_.node_lp(head.src), msg, 1);
        ++s.notices;
      } else if (topology_.router_of_node(head.src) != topology_.router_of_node(head.dst)) {
        // The flows travel with the packet and come back with its ACK; a packet within one
        // router gets no ACK (DrbRouting::acknowledges), so it carries nothing.
        msg.topic = kWithPacket;
        notice.packet_seq = head.seq;
        msg.body.set(notice);
        // Delivered with the packet's ACK (congestion_notice.hpp): 1 tick is before any ACK.
        control.send_ideal(layout_.node_lp(head.src), msg, 1);
        ++s.notices;
      }
    }
  }
  reg.recent[reg.next] = {mine.src, mine.dst, now};
  reg.next = (reg.next + 1) % OutputRegister::kWindow;
  reg.count = std::min(reg.count + 1, OutputRegister::kWindow);
}

void ContentionDetector::on_finish(RouterId router, const AlgorithmState& state,
                                   pdes::CommitContext& ctx) const {
  const DetectorState& s = state.get<DetectorState>();
  if (s.detections == 0) return;
  DetectorTotals t;
  t.router = static_cast<std::uint32_t>(router);
  t.detections = s.detections;
  t.notices = s.notices;
  ctx.emit(t);
}

}  // namespace net::prdrb
