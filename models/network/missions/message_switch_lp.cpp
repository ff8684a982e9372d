// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/message_switch_lp.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <tuple>

#include "models/network/missions/mission_records.hpp"

namespace net::missions {

MessageSwitchLp::MessageSwitchLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                                 const AdapterParams& params,
                                 std::shared_ptr<const SchedulingPolicy> policy,
                                 std::int64_t cycle_ticks)
    : router_(router),
      dimension_(dimension),
      layout_(layout),
      params_(params),
      half_duplex_(params.links == "half_duplex"),
      heads_(half_duplex_ && params.arbitration == "heads"),
      vct_(params.switching == "vct"),
      policy_(std::move(policy)),
      cycle_(cycle_ticks) {}

void MessageSwitchLp::on_init(AdapterState& state, pdes::Context<NetEvent>& /*ctx*/) const {
  state.links.assign(dimension_, LinkState{});
}

void MessageSwitchLp::on_event(const NetEvent& event, AdapterState& state,
                               pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(event.kind == NetEventKind::kControl,
             "message_switch router " + std::to_string(router_) + " got a flit-level event");
  const MessageHeader msg = event.control.body.get<MessageHeader>();
  switch (static_cast<MessageTopic>(event.control.topic)) {
    case MessageTopic::kInject:
    case MessageTopic::kArrive:
      route(msg, state, ctx);
      break;
    case MessageTopic::kRequest:
      enqueue(event.port, msg, event.control.origin, cycle(ctx), state, ctx);
      break;
    case MessageTopic::kDecide:
      decide(event.port, state, ctx);
      break;
    case MessageTopic::kHeader:
      header(msg, event.control.sent, state, ctx);
      break;
    case MessageTopic::kCut:
      cut(event.port, msg, event.control.origin, event.control.sent, state, ctx);
      break;
    default:
      PDES_CHECK(false, "message_switch router got an unknown message topic");
  }
}

void MessageSwitchLp::on_finish(const AdapterState& state, pdes::CommitContext& ctx) const {
  for (std::uint32_t d = 0; d < dimension_; ++d) {
    if (owner(router_, d, half_duplex_) != router_) continue;
    const LinkState& link = state.links[d];
    ctx.emit(MissionLink{router_, d, link.messages, link.busy_cycles});
  }
}

void MessageSwitchLp::route(MessageHeader msg, AdapterState& state,
                            pdes::Context<NetEvent>& ctx) const {
  if (msg.dst == router_) {
    send_control(layout_.node_lp(router_), 1, MessageTopic::kDeliver, 0, msg, ctx);
    return;
  }
  const auto d = static_cast<std::uint32_t>(std::countr_zero(msg.dst ^ router_));  // e-cube
  const std::uint32_t own = owner(router_, d, half_duplex_);
  if (own == router_) {
    enqueue(d, msg, router_, cycle(ctx), state, ctx);
  } else {
    send_control(layout_.router_lp(own), 1, MessageTopic::kRequest, d, msg, ctx);
  }
}

void MessageSwitchLp::header(const MessageHeader& msg, std::int64_t complete, AdapterState& state,
                             pdes::Context<NetEvent>& ctx) const {
  if (msg.dst == router_) {  // the tail arrives at `complete`
    send_control(layout_.node_lp(router_), complete * cycle_ + kDeliverPhase - ctx.now().ticks(),
                 MessageTopic::kDeliver, 0, msg, ctx);
    return;
  }
  const auto d = static_cast<std::uint32_t>(std::countr_zero(msg.dst ^ router_));  // e-cube
  const std::uint32_t own = owner(router_, d, half_duplex_);
  if (own == router_) {
    cut(d, msg, router_, complete, state, ctx);
  } else {
    send_control(layout_.router_lp(own), 1, MessageTopic::kCut, d, msg, ctx, complete);
  }
}

void MessageSwitchLp::cut(std::uint32_t port, const MessageHeader& msg, std::uint32_t at,
                          std::int64_t complete, AdapterState& state,
                          pdes::Context<NetEvent>& ctx) const {
  LinkState& link = state.links[port];
  const std::int64_t t = cycle(ctx);
  const bool waiting = std::any_of(link.queue.begin(), link.queue.end(),
                                   [&](const QueuedMessage& q) { return q.queued <= t; });
  if (link.busy_until <= t && !waiting) {
    start(port, msg, at, link, ctx);
  } else {
    enqueue(port, msg, at, complete, state, ctx);
  }
}

void MessageSwitchLp::enqueue(std::uint32_t port, const MessageHeader& msg, std::uint32_t at,
                              std::int64_t eligible, AdapterState& state,
                              pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(port < dimension_, "link request for a dimension out of range");
  LinkState& link = state.links[port];
  const std::int64_t now_cycle = cycle(ctx);
  const auto distance = static_cast<std::int64_t>(std::popcount(at ^ msg.dst));
  link.queue.push_back(
      QueuedMessage{msg, at, 0, policy_->priority(msg.length, distance), eligible});
  // The first cycle whose decision phase is still ahead and in which the message may go.
  const bool past_decision = ctx.now().ticks() - now_cycle * cycle_ >= kDecidePhase;
  const std::int64_t want = std::max(eligible, now_cycle + (past_decision ? 1 : 0));
  schedule_decide(port, std::max(want, link.busy_until), link, ctx);
}

void MessageSwitchLp::schedule_decide(std::uint32_t port, std::int64_t at_cycle, LinkState& link,
                                      pdes::Context<NetEvent>& ctx) const {
  const std::int64_t tick = at_cycle * cycle_ + kDecidePhase;
  if (link.decide_at == tick) return;
  PDES_CHECK(tick > ctx.now().ticks(), "a link decision in the past");
  link.decide_at = tick;
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.port = static_cast<std::uint8_t>(port);
  ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDecide);
  ev.control.timer = 1;
  ctx.send(ctx.self(), pdes::SimTime{tick - ctx.now().ticks()}, ev);
}

void MessageSwitchLp::decide(std::uint32_t port, AdapterState& state,
                             pdes::Context<NetEvent>& ctx) const {
  LinkState& link = state.links[port];
  if (link.decide_at == ctx.now().ticks()) link.decide_at = LinkState::kNone;
  const std::int64_t now_cycle = cycle(ctx);
  if (link.busy_until > now_cycle || link.queue.empty()) return;
  // The first message in policy order among those that may go; ties: queued earlier, then
  // (source, id).
  const double w = params_.age_weight;
  auto key = [&](const QueuedMessage& q) {
    const double age = static_cast<double>(now_cycle - q.msg.created);
    return std::make_tuple(static_cast<double>(q.priority) - w * age, q.queued, q.msg.src,
                           q.msg.id);
  };
  const std::size_t none = link.queue.size();
  std::size_t best = none;
  std::int64_t next_eligible = -1;
  for (std::size_t i = 0; i < link.queue.size(); ++i) {
    const QueuedMessage& q = link.queue[i];
    if (q.queued > now_cycle) {
      if (next_eligible < 0 || q.queued < next_eligible) next_eligible = q.queued;
      continue;
    }
    if (best == none || key(q) < key(link.queue[best])) best = i;
  }
  if (best == none) {  // VCT: buffered messages not yet whole
    schedule_decide(port, next_eligible, link, ctx);
    return;
  }
  if (heads_) {
    // Each end's best message; the one queued earlier goes (ties: the owner's end).
    const std::uint32_t other_end = link.queue[best].at;
    std::size_t head = none;
    for (std::size_t i = 0; i < link.queue.size(); ++i) {
      const QueuedMessage& q = link.queue[i];
      if (q.at == other_end || q.queued > now_cycle) continue;
      if (head == none || key(q) < key(link.queue[head])) head = i;
    }
    if (head != none) {
      const QueuedMessage& a = link.queue[best];
      const QueuedMessage& b = link.queue[head];
      if (std::make_tuple(b.queued, b.at != router_) < std::make_tuple(a.queued, a.at != router_)) {
        best = head;
      }
    }
  }
  const QueuedMessage chosen = link.queue[best];
  link.queue.erase(link.queue.begin() + static_cast<std::ptrdiff_t>(best));
  start(port, chosen.msg, chosen.at, link, ctx);
}

void MessageSwitchLp::start(std::uint32_t port, MessageHeader msg, std::uint32_t at,
                            LinkState& link, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now_cycle = cycle(ctx);
  ++msg.hops;
  link.busy_until = now_cycle + msg.length;
  ++link.messages;
  link.busy_cycles += msg.length;
  const std::uint32_t to = at ^ (1u << port);
  if (vct_) {
    send_control(layout_.router_lp(to), 1, MessageTopic::kHeader, port, msg, ctx,
                 link.busy_until);
  } else {
    send_control(layout_.router_lp(to), link.busy_until * cycle_ - ctx.now().ticks(),
                 MessageTopic::kArrive, port, msg, ctx);
  }
  // The link looks for its next message once this one is through.
  if (!link.queue.empty()) schedule_decide(port, link.busy_until, link, ctx);
}

void MessageSwitchLp::send_control(pdes::LpId to, std::int64_t delay, MessageTopic topic,
                                   std::uint32_t port, const MessageHeader& msg,
                                   pdes::Context<NetEvent>& ctx, std::int64_t extra) const {
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.port = static_cast<std::uint8_t>(port);
  ev.control.origin = router_;
  ev.control.origin_is_router = 1;
  ev.control.topic = static_cast<std::uint8_t>(topic);
  ev.control.sent = extra;
  ev.control.body.set(msg);
  ctx.send(to, pdes::SimTime{delay}, ev);
}

}  // namespace net::missions
