// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/feedback_agent.hpp"

#include <algorithm>
#include <string>

#include "models/network/metrics/packet_records.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "pdes/error.hpp"

namespace net::drb {

namespace {
// Drops a FIFO's consumed prefix once it dominates: amortised O(1) per element.
void compact(std::vector<Flit>& fifo, std::uint64_t& front) {
  if (front == fifo.size()) {
    fifo.clear();
    front = 0;
  } else if (front >= 64 && front * 2 >= fifo.size()) {
    fifo.erase(fifo.begin(), fifo.begin() + static_cast<std::ptrdiff_t>(front));
    front = 0;
  }
}
}  // namespace

AlgorithmState FeedbackAgent::initial_state(NodeId self) const {
  FeedbackState s;
  s.source = source_.initial_state(self);
  return AlgorithmState::of(std::move(s));
}

void FeedbackAgent::prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const {
  source_.prepare(self, head, state.get<FeedbackState>().source, rng);
}

void FeedbackAgent::on_flit(const Flit& flit, NodeAgentContext& node, AlgorithmState& state) const {
  FeedbackState& s = state.get<FeedbackState>();
  if (flit.dst != node.self()) {
    receive_transit(flit, node, s);
    return;
  }
  PDES_CHECK(flit.is_ack(), "a flit of kind " + std::to_string(static_cast<int>(flit.kind)) +
                                " at node " + std::to_string(node.self()));
  receive_ack(flit, node, s);
}

void FeedbackAgent::on_event(const NetEvent& event, NodeAgentContext& node,
                             AlgorithmState& state) const {
  PDES_CHECK(event.kind == NetEventKind::kAck, "unexpected event kind " +
                                                   std::to_string(static_cast<int>(event.kind)) +
                                                   " at node " + std::to_string(node.self()));
  receive_ack(event.flit, node, state.get<FeedbackState>());
}

void FeedbackAgent::on_control(NodeId self, const ControlMessage& message, std::int64_t now,
                               AlgorithmState& state) const {
  source_.on_control(self, message, now, state.get<FeedbackState>().source);
}

void FeedbackAgent::on_finish(NodeId self, const AlgorithmState& state,
                              pdes::CommitContext& ctx) const {
  source_.on_finish(self, state.get<FeedbackState>().source, ctx);
}

void FeedbackAgent::receive_transit(const Flit& flit, NodeAgentContext& node,
                                    FeedbackState& s) const {
  auto same_packet = [&](const Flit& h) { return h.src == flit.src && h.seq == flit.seq; };
  if (flit.is_head()) s.transit_partial.push_back(flit);
  const auto it = std::find_if(s.transit_partial.begin(), s.transit_partial.end(), same_packet);
  PDES_CHECK(it != s.transit_partial.end(), "a body flit in transit without its head");
  if (!flit.is_tail()) return;
  Flit head = *it;
  s.transit_partial.erase(it);
  head.blocked_cycles = flit.blocked_cycles;  // the tail brings the head's whole count
  head.hops = flit.hops;
  PDES_CHECK(routing_.continue_from(node.self(), head),
             "flit for node " + std::to_string(flit.dst) + " delivered to node " +
                 std::to_string(node.self()) + ", which is not its intermediate node");
  s.transit.push_back(head);
}

void FeedbackAgent::on_delivered(const Flit& tail, NodeAgentContext& node,
                                 AlgorithmState& state) const {
  if (acks_ == AckDelivery::kNone || !source_.acknowledges(node.self(), tail)) return;
  pdes::Context<NetEvent>& ctx = node.events();
  Flit ack;
  ack.kind = FlitKind::kAck;
  ack.src = static_cast<std::uint32_t>(node.self());
  ack.dst = tail.src;
  ack.seq = tail.seq;
  ack.size = 1;
  ack.created = ctx.now().ticks();
  source_.make_ack(tail, ack);
  if (acks_ == AckDelivery::kNetwork) {
    state.get<FeedbackState>().acks.push_back(ack);
    return;
  }
  // Ideal side channel: the ACK's zero-load latency through the network, no resources used.
  const Topology& topology = node.topology();
  const std::uint32_t routers =
      topology.distance(topology.router_of_node(node.self()), topology.router_of_node(tail.src)) +
      1;
  ack.hops = static_cast<std::uint8_t>(std::min<std::uint32_t>(routers, 0xFF));
  ack.injected = ack.created;
  NetEvent ev;
  ev.kind = NetEventKind::kAck;
  ev.flit = ack;
  const RouterParams& router = node.router();
  node.send_to_node(tail.src, pdes::SimTime{router.zero_load_cycles(routers, 1) * router.cycle_ps},
                    ev);
}

void FeedbackAgent::receive_ack(const Flit& ack, NodeAgentContext& node, FeedbackState& s) const {
  PDES_CHECK(ack.dst == node.self(), "unexpected ACK at node " + std::to_string(node.self()));
  pdes::Context<NetEvent>& ctx = node.events();
  source_.on_ack(node.self(), ack, ctx.now().ticks(), s.source);
  AckDelivered rec;
  rec.src = ack.src;
  rec.dst = ack.dst;
  rec.seq = ack.seq;
  rec.size = acks_ == AckDelivery::kNetwork ? 1 : 0;
  rec.measured = node.measured(ack.created) ? 1 : 0;
  rec.path = routing_.label(ack).path;
  rec.hops = ack.hops;
  rec.created = ack.created;
  rec.delivered = ctx.now().ticks();
  ctx.emit(rec);
}

bool FeedbackAgent::inject(NodeAgentContext& node, AlgorithmState& state) const {
  FeedbackState& s = state.get<FeedbackState>();
  if (s.acks_queued() > 0) {
    // The emptiest injection VC, so that the ACK does not queue behind a data packet.
    const int vc = node.emptiest_vc();
    if (vc < 0) return false;
    Flit ack = s.acks[s.ack_front];
    ack.injected = node.events().now().ticks();
    node.send_flit(ack, vc);
    ++s.ack_front;
    compact(s.acks, s.ack_front);
    return true;
  }
  // A packet that stopped here on its way goes on with its header, times and contention count.
  if (!node.start_packet(s.transit[s.transit_front])) return false;
  ++s.transit_front;
  compact(s.transit, s.transit_front);
  return true;
}

}  // namespace net::drb
