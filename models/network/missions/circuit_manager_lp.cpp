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
  state.links.reset(std::size_t{layout_.num_routers} * dimension_);
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
  schedule_decision(state.decide_at, t, cycle_, ctx, "circuit");
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
    if (!paths_.find(c.msg, state.links.busy_until, t, path)) {
      still.push_back(c);
      continue;
    }
    for (const std::size_t l : path) {
      state.links.take(l, t, c.msg.length);
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
  const std::int64_t next = state.links.next_free(t);
  PDES_CHECK(next > 0, "circuit: messages wait but no link is busy");
  schedule_decision(state.decide_at, next, cycle_, ctx, "circuit");
}

void CircuitManagerLp::on_finish(const CircuitState& state, pdes::CommitContext& ctx) const {
  if (router_ != 0) return;
  state.links.emit(ctx, layout_.num_routers, dimension_, half_duplex_);
}

}  // namespace net::missions
