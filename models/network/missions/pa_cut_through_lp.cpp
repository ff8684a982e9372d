// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/pa_cut_through_lp.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <string>

#include "models/network/missions/mission_records.hpp"

namespace net::missions {

PaCutThroughLp::PaCutThroughLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                               const AdapterParams& params,
                               std::shared_ptr<const SchedulingPolicy> policy,
                               std::int64_t cycle_ticks)
    : router_(router),
      dimension_(dimension),
      layout_(layout),
      params_(params),
      half_duplex_(params.links == "half_duplex"),
      heads_(half_duplex_ && params.arbitration == "heads"),
      policy_(std::move(policy)),
      cycle_(cycle_ticks) {}

std::size_t PaCutThroughLp::link(std::uint32_t at, std::uint32_t d) const {
  const std::uint32_t from = half_duplex_ ? (at & ~(1u << d)) : at;
  return std::size_t{from} * dimension_ + d;
}

PaCutThroughLp::Key PaCutThroughLp::key(const CutQueued& q, std::int64_t t) const {
  const double age = static_cast<double>(t - q.msg.created);
  return {static_cast<double>(q.priority) - params_.age_weight * age, q.queued, q.msg.src,
          q.msg.id};
}

void PaCutThroughLp::on_init(CutThroughState& state, pdes::Context<NetEvent>& /*ctx*/) const {
  if (router_ != 0) return;
  state.links.reset(std::size_t{layout_.num_routers} * dimension_);
}

void PaCutThroughLp::on_event(const NetEvent& event, CutThroughState& state,
                              pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(event.kind == NetEventKind::kControl, "PA/VCT router got a flit-level event");
  const auto topic = static_cast<MessageTopic>(event.control.topic);
  if (router_ != 0) {  // forward the node's message to the deciding LP
    PDES_CHECK(topic == MessageTopic::kInject, "PA/VCT: only router 0 decides");
    NetEvent ev = event;
    ctx.send(layout_.router_lp(0), pdes::SimTime{1}, ev);
    return;
  }
  if (topic == MessageTopic::kDecide) {
    decide(state, ctx);
    return;
  }
  PDES_CHECK(topic == MessageTopic::kInject, "PA/VCT: unknown topic");
  const MessageHeader msg = event.control.body.get<MessageHeader>();
  const std::int64_t t = ctx.now().ticks() / cycle_;
  if (msg.src == msg.dst) {
    deliver(msg, t, ctx);
    return;
  }
  state.waiting.push_back(CutQueued{
      msg, msg.src, 0, policy_->priority(msg.length, std::popcount(msg.src ^ msg.dst)), t});
  schedule_decision(state.decide_at, t, cycle_, ctx, "PA/VCT");
}

std::vector<CutQueued> PaCutThroughLp::match(CutThroughState& state, std::int64_t t) const {
  for (CutQueued& q : state.waiting) q.tried = 0;
  // The eligible messages of each node in policy order (the node queues of §3.2).
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < state.waiting.size(); ++i) {
    if (state.waiting[i].queued <= t) order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const CutQueued& x = state.waiting[a];
    const CutQueued& y = state.waiting[b];
    return std::make_tuple(x.at, key(x, t)) < std::make_tuple(y.at, key(y, t));
  });
  std::vector<bool> gone(state.waiting.size(), false);
  std::vector<CutQueued> started;
  struct Proposal {
    std::size_t owner_end = SIZE_MAX;  ///< waiting index of the proposal from the owner end
    std::size_t other_end = SIZE_MAX;
  };
  for (;;) {
    std::map<std::size_t, Proposal> proposals;  // by link; ordered, so decisions are too
    std::uint32_t taken = 0;
    std::uint32_t node = UINT32_MAX;
    for (const std::size_t i : order) {
      CutQueued& q = state.waiting[i];
      if (gone[i]) continue;
      if (q.at != node) {
        node = q.at;
        taken = 0;
      }
      std::uint32_t candidates = (q.msg.dst ^ q.at) & ~q.tried & ~taken;
      while (candidates != 0) {
        const auto d = static_cast<std::uint32_t>(std::countr_zero(candidates));
        candidates &= candidates - 1;
        if (state.links.busy_until[link(q.at, d)] > t) continue;
        taken |= 1u << d;
        Proposal& p = proposals[link(q.at, d)];
        const bool owner_end = !half_duplex_ || (q.at & (1u << d)) == 0;
        (owner_end ? p.owner_end : p.other_end) = i;
        break;
      }
    }
    if (proposals.empty()) break;
    for (const auto& [l, p] : proposals) {
      std::size_t win = p.owner_end != SIZE_MAX ? p.owner_end : p.other_end;
      if (p.owner_end != SIZE_MAX && p.other_end != SIZE_MAX) {
        const CutQueued& a = state.waiting[p.owner_end];
        const CutQueued& b = state.waiting[p.other_end];
        const bool owner_wins = heads_ ? a.queued <= b.queued : key(a, t) < key(b, t);
        win = owner_wins ? p.owner_end : p.other_end;
        CutQueued& loser = state.waiting[owner_wins ? p.other_end : p.owner_end];
        loser.tried |= 1u << (l % dimension_);
      }
      CutQueued& w = state.waiting[win];
      state.links.take(l, t, w.msg.length);
      CutQueued s = w;
      ++s.msg.hops;
      s.at = w.at ^ (1u << (l % dimension_));  // the header is at the next node
      started.push_back(s);
      gone[win] = true;
    }
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < state.waiting.size(); ++i) {
    if (!gone[i]) state.waiting[kept++] = state.waiting[i];
  }
  state.waiting.resize(kept);
  return started;
}

void PaCutThroughLp::cut_through(std::vector<CutQueued> wave, CutThroughState& state,
                                 std::int64_t t, pdes::Context<NetEvent>& ctx) const {
  while (!wave.empty()) {
    for (CutQueued& h : wave) {  // the policy sees the header at the node it has reached
      h.priority = policy_->priority(h.msg.length, std::popcount(h.at ^ h.msg.dst));
      h.queued = h.msg.created;
    }
    std::sort(wave.begin(), wave.end(),
              [&](const CutQueued& a, const CutQueued& b) { return key(a, t) < key(b, t); });
    std::vector<CutQueued> next;
    for (CutQueued& h : wave) {
      if (h.at == h.msg.dst) {
        deliver(h.msg, t + h.msg.length, ctx);
        continue;
      }
      std::uint32_t needed = h.at ^ h.msg.dst;
      bool moved = false;
      while (needed != 0 && !moved) {
        const auto d = static_cast<std::uint32_t>(std::countr_zero(needed));
        needed &= needed - 1;
        const std::size_t l = link(h.at, d);
        if (state.links.busy_until[l] > t) continue;
        state.links.take(l, t, h.msg.length);
        CutQueued s = h;
        ++s.msg.hops;
        s.at = h.at ^ (1u << d);
        next.push_back(s);
        moved = true;
      }
      if (!moved) {  // buffered here; it competes once received whole
        h.queued = t + h.msg.length;
        h.tried = 0;
        state.waiting.push_back(h);
      }
    }
    wave = std::move(next);
  }
}

void PaCutThroughLp::decide(CutThroughState& state, pdes::Context<NetEvent>& ctx) const {
  if (state.decide_at == ctx.now().ticks()) state.decide_at = -1;
  const std::int64_t t = ctx.now().ticks() / cycle_;
  cut_through(match(state, t), state, t, ctx);
  if (state.waiting.empty()) return;
  // The next cycle a link frees or a buffered message is whole.
  std::int64_t next = state.links.next_free(t);
  for (const CutQueued& q : state.waiting) {
    if (q.queued > t && (next < 0 || q.queued < next)) next = q.queued;
  }
  PDES_CHECK(next > 0, "PA/VCT: messages wait but nothing will change");
  schedule_decision(state.decide_at, next, cycle_, ctx, "PA/VCT");
}

void PaCutThroughLp::deliver(const MessageHeader& msg, std::int64_t at_cycle,
                             pdes::Context<NetEvent>& ctx) const {
  send_delivery(msg, at_cycle, cycle_, router_, layout_, ctx);
}

void PaCutThroughLp::on_finish(const CutThroughState& state, pdes::CommitContext& ctx) const {
  if (router_ != 0) return;
  state.links.emit(ctx, layout_.num_routers, dimension_, half_duplex_);
}

}  // namespace net::missions
