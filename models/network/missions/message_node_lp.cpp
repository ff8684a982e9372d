// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/message_node_lp.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "models/network/metrics/packet_records.hpp"
#include "models/network/missions/message_header.hpp"
#include "models/network/missions/mission_records.hpp"

namespace net::missions {

class MessageNodeLp::Source final : public WorkloadContext {
 public:
  Source(const MessageNodeLp& node, MessageNodeState& state, pdes::Context<NetEvent>& ctx)
      : node_(node), state_(state), ctx_(ctx) {}
  std::uint64_t cycle() const override {
    return static_cast<std::uint64_t>(ctx_.now().ticks() / node_.cycle_);
  }
  std::int64_t now() const override { return ctx_.now().ticks(); }
  pdes::Rng& rng() override { return ctx_.rng(); }
  std::uint32_t send(NodeId dst, std::uint32_t flits, std::uint32_t group) override {
    return node_.release(dst, flits, group, state_, ctx_);
  }
  std::uint32_t send_with_note(NodeId /*dst*/, std::uint32_t /*flits*/, std::uint32_t /*group*/,
                               const MessageNote& /*note*/) override {
    // The message-level adapter moves whole messages without notes: the workloads that attach
    // notes (trace replay, skeletons) run on the flit-level network_interface node.
    PDES_CHECK(false, "message notes are not carried by the message_adapter node kind");
    return 0;
  }
  void wake_at(std::uint64_t cycle) override {
    const std::int64_t now = ctx_.now().ticks();
    const std::int64_t at = static_cast<std::int64_t>(cycle) * node_.cycle_;
    PDES_CHECK(at > now, "workload wake-up at cycle " + std::to_string(cycle) +
                             ", not after the current one");
    NetEvent ev;
    ev.kind = NetEventKind::kGenerate;
    ev.generate = GenerateOrder{};
    ctx_.send(ctx_.self(), pdes::SimTime{at - now}, ev);
  }

 private:
  const MessageNodeLp& node_;
  MessageNodeState& state_;
  pdes::Context<NetEvent>& ctx_;
};

MessageNodeLp::MessageNodeLp(NodeId node, LpLayout layout,
                             std::shared_ptr<const Workload> workload, std::int64_t cycle_ticks,
                             std::uint64_t warmup_cycles)
    : node_(node),
      layout_(layout),
      workload_(std::move(workload)),
      cycle_(cycle_ticks),
      warmup_cycles_(warmup_cycles) {}

void MessageNodeLp::on_init(MessageNodeState& state, pdes::Context<NetEvent>& ctx) const {
  state.workload = workload_->initial_state(node_);
  Source source(*this, state, ctx);
  workload_->start(node_, state.workload, source);
}

void MessageNodeLp::on_event(const NetEvent& event, MessageNodeState& state,
                             pdes::Context<NetEvent>& ctx) const {
  if (event.kind == NetEventKind::kGenerate) {
    Source source(*this, state, ctx);
    workload_->on_wake(node_, state.workload, source);
    return;
  }
  PDES_CHECK(event.kind == NetEventKind::kControl &&
                 event.control.topic == static_cast<std::uint8_t>(MessageTopic::kDeliver),
             "message_adapter node " + std::to_string(node_) + " got a flit-level event");
  deliver(event, state, ctx);
}

void MessageNodeLp::on_finish(const MessageNodeState& state, pdes::CommitContext& ctx) const {
  workload_->on_finish(node_, state.workload, ctx);
}

std::uint32_t MessageNodeLp::release(NodeId dst, std::uint32_t length, std::uint32_t group,
                                     MessageNodeState& state,
                                     pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(length >= 1 && length <= 65535 && dst < layout_.num_nodes,
             "message from node " + std::to_string(node_) + " to node " + std::to_string(dst) +
                 " of length " + std::to_string(length));
  const std::uint32_t id = state.next_message++;
  const std::int64_t now_cycle = ctx.now().ticks() / cycle_;
  PacketGenerated g;
  g.src = static_cast<std::uint32_t>(node_);
  g.dst = static_cast<std::uint32_t>(dst);
  g.seq = id;
  g.size = length;
  g.created = now_cycle * cycle_;
  g.group = group;
  g.message = id;
  ctx.emit(g);
  MessageHeader msg;
  msg.src = g.src;
  msg.dst = g.dst;
  msg.id = id;
  msg.length = length;
  msg.group = group;
  msg.created = now_cycle;
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.control.origin = g.src;
  ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kInject);
  ev.control.sent = ctx.now().ticks();
  ev.control.body.set(msg);
  ctx.send(layout_.router_lp(static_cast<RouterId>(node_)), pdes::SimTime{1}, ev);
  return id;
}

void MessageNodeLp::deliver(const NetEvent& event, MessageNodeState& state,
                            pdes::Context<NetEvent>& ctx) const {
  const MessageHeader msg = event.control.body.get<MessageHeader>();
  const std::int64_t arrival = ctx.now().ticks() / cycle_;
  const auto min_links = static_cast<std::uint32_t>(std::popcount(msg.src ^ msg.dst));
  PacketDelivered d;
  d.src = msg.src;
  d.dst = msg.dst;
  d.seq = msg.id;
  d.size = static_cast<std::uint16_t>(msg.length);
  d.hops = static_cast<std::uint8_t>(msg.hops + 1);
  d.measured = static_cast<std::uint64_t>(msg.created) >= warmup_cycles_ ? 1 : 0;
  d.created = msg.created * cycle_;
  d.injected = d.created;
  d.delivered = arrival * cycle_;
  const std::int64_t moving = std::int64_t{msg.hops} * msg.length;
  d.blocked_cycles = static_cast<std::uint32_t>(std::max<std::int64_t>(0, arrival - msg.created - moving));
  d.min_hops = static_cast<std::uint8_t>(min_links + 1);
  d.message = msg.id;
  d.message_packets = 1;
  ctx.emit(d);
  ctx.emit(MissionMessage{msg.src, msg.dst, msg.id, msg.group, msg.length, msg.hops,
                          msg.created, arrival});
  if (workload_->observes_deliveries()) {
    Source source(*this, state, ctx);
    DeliveredMessage delivered;
    delivered.src = msg.src;
    delivered.message = msg.id;
    delivered.flits = msg.length;
    delivered.created = d.created;
    delivered.delivered = d.delivered;
    workload_->on_delivered(node_, delivered, state.workload, source);
  }
}

}  // namespace net::missions
