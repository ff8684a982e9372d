// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/circuit_manager_lp.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <string>
#include <tuple>

#include "models/network/missions/mission_records.hpp"

namespace net::missions {

CircuitManagerLp::CircuitManagerLp(std::uint32_t router, std::uint32_t dimension,
                                   LpLayout layout, const AdapterParams& params,
                                   std::shared_ptr<const SchedulingPolicy> policy,
                                   std::int64_t cycle_ticks)
    : router_(router),
      dimension_(dimension),
      layout_(layout),
      params_(params),
      half_duplex_(params.links == "half_duplex"),
      policy_(std::move(policy)),
      cycle_(cycle_ticks),
      paths_(circuit_routing(params.routing), dimension, half_duplex_, params.dfs_slack) {}

void CircuitManagerLp::on_init(CircuitState& state, pdes::Context<NetEvent>& /*ctx*/) const {
  if (router_ != 0) return;
  const std::size_t links = layout_.num_routers * dimension_;
  state.busy_until.assign(links, 0);
  state.busy_cycles.assign(links, 0);
  state.messages.assign(links, 0);
}

void CircuitManagerLp::on_event(const NetEvent& event, CircuitState& state,
                                pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(event.kind == NetEventKind::kControl, "circuit router got a flit-level event");
  const auto topic = static_cast<MessageTopic>(event.control.topic);
  if (router_ != 0) {  // forward the node's message to the manager
    PDES_CHECK(topic == MessageTopic::kInject, "circuit: only the manager decides");
    NetEvent ev = event;
    ctx.send(layout_.router_lp(0), pdes::SimTime{1}, ev);
    return;
  }
  if (topic == MessageTopic::kDecide) {
    decide(state, ctx);
    return;
  }
  PDES_CHECK(topic == MessageTopic::kInject, "circuit manager: unknown topic");
  const MessageHeader msg = event.control.body.get<MessageHeader>();
  if (msg.src == msg.dst) {
    NetEvent ev = event;
    ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDeliver);
    ctx.send(layout_.node_lp(msg.dst), pdes::SimTime{1}, ev);
    return;
  }
  state.waiting.push_back(
      CircuitWaiting{msg, policy_->priority(msg.length, std::popcount(msg.src ^ msg.dst))});
  const std::int64_t t = ctx.now().ticks() / cycle_;
  schedule_decide(t, state, ctx);
}

void CircuitManagerLp::schedule_decide(std::int64_t at_cycle, CircuitState& state,
                                       pdes::Context<NetEvent>& ctx) const {
  const std::int64_t tick = at_cycle * cycle_ + kDecidePhase;
  if (state.decide_at == tick) return;
  PDES_CHECK(tick > ctx.now().ticks(), "circuit: a decision in the past");
  state.decide_at = tick;
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDecide);
  ev.control.timer = 1;
  ctx.send(ctx.self(), pdes::SimTime{tick - ctx.now().ticks()}, ev);
}

void CircuitManagerLp::decide(CircuitState& state, pdes::Context<NetEvent>& ctx) const {
  if (state.decide_at == ctx.now().ticks()) state.decide_at = -1;
  const std::int64_t t = ctx.now().ticks() / cycle_;
  const double w = params_.age_weight;
  auto key = [&](const CircuitWaiting& c) {
    const double age = static_cast<double>(t - c.msg.created);
    return std::make_tuple(static_cast<double>(c.priority) - w * age, c.msg.created, c.msg.src,
                           c.msg.id);
  };
  std::sort(state.waiting.begin(), state.waiting.end(),
            [&](const CircuitWaiting& a, const CircuitWaiting& b) { return key(a) < key(b); });
  std::vector<CircuitWaiting> still;
  std::vector<std::size_t> path;
  for (const CircuitWaiting& c : state.waiting) {
    if (!paths_.find(c.msg, state.busy_until, t, path)) {
      still.push_back(c);
      continue;
    }
    for (const std::size_t l : path) {
      state.busy_until[l] = t + c.msg.length;
      state.busy_cycles[l] += c.msg.length;
      ++state.messages[l];
    }
    MessageHeader msg = c.msg;
    msg.hops = static_cast<std::uint16_t>(path.size());
    NetEvent ev;
    ev.kind = NetEventKind::kControl;
    ev.control.origin = router_;
    ev.control.origin_is_router = 1;
    ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDeliver);
    ev.control.body.set(msg);
    const std::int64_t at = (t + c.msg.length) * cycle_ + kDeliverPhase;
    ctx.send(layout_.node_lp(msg.dst), pdes::SimTime{at - ctx.now().ticks()}, ev);
  }
  state.waiting = std::move(still);
  if (state.waiting.empty()) return;
  std::int64_t next = -1;  // the next cycle a link frees
  for (const std::int64_t b : state.busy_until) {
    if (b > t && (next < 0 || b < next)) next = b;
  }
  PDES_CHECK(next > 0, "circuit: messages wait but no link is busy");
  schedule_decide(next, state, ctx);
}

void CircuitManagerLp::on_finish(const CircuitState& state, pdes::CommitContext& ctx) const {
  if (router_ != 0) return;
  for (std::uint32_t r = 0; r < layout_.num_routers; ++r) {
    for (std::uint32_t d = 0; d < dimension_; ++d) {
      if (half_duplex_ && (r & (1u << d)) != 0) continue;
      const std::size_t l = std::size_t{r} * dimension_ + d;
      ctx.emit(MissionLink{r, d, state.messages[l], state.busy_cycles[l]});
    }
  }
}

}  // namespace net::missions
