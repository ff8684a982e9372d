// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/pa_switch_lp.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <string>
#include <tuple>

#include "models/network/missions/mission_records.hpp"

namespace net::missions {

namespace {
std::size_t find(const std::vector<PaQueued>& queue, const MessageHeader& msg) {
  for (std::size_t i = 0; i < queue.size(); ++i) {
    if (queue[i].msg.src == msg.src && queue[i].msg.id == msg.id) return i;
  }
  PDES_CHECK(false, "PA: a proposal for a message that is not queued");
  return 0;
}
}  // namespace

PaSwitchLp::PaSwitchLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                       const AdapterParams& params,
                       std::shared_ptr<const SchedulingPolicy> policy, std::int64_t cycle_ticks)
    : router_(router),
      dimension_(dimension),
      layout_(layout),
      params_(params),
      half_duplex_(params.links == "half_duplex"),
      heads_(half_duplex_ && params.arbitration == "heads"),
      detours_(params.routing == "dfs"),
      policy_(std::move(policy)),
      cycle_(cycle_ticks) {}

std::uint32_t PaSwitchLp::owner(std::uint32_t d) const {
  return half_duplex_ ? router_ & ~(1u << d) : router_;
}

std::tuple<double, std::int64_t, std::uint32_t, std::uint32_t> PaSwitchLp::key(
    std::int64_t priority, std::int64_t queued, const MessageHeader& msg,
    std::int64_t now_cycle) const {
  const double age = static_cast<double>(now_cycle - msg.created);
  return {static_cast<double>(priority) - params_.age_weight * age, queued, msg.src, msg.id};
}

void PaSwitchLp::on_init(PaState& state, pdes::Context<NetEvent>& /*ctx*/) const {
  state.links.assign(dimension_, PaLink{});
}

void PaSwitchLp::on_event(const NetEvent& event, PaState& state,
                          pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(event.kind == NetEventKind::kControl,
             "PA router " + std::to_string(router_) + " got a flit-level event");
  const MessageHeader msg = event.control.body.get<MessageHeader>();
  const std::uint32_t d = event.port;
  switch (static_cast<MessageTopic>(event.control.topic)) {
    case MessageTopic::kInject:
      receive(msg, state, ctx);
      break;
    case MessageTopic::kArrive:
      receive(msg, state, ctx);
      // The link it came over is free again: messages waiting for it get a round.
      if (!state.queue.empty()) schedule_round(cycle(ctx), 0, ctx);
      break;
    case MessageTopic::kRound:
      round(d, state, ctx);
      break;
    case MessageTopic::kPropose: {
      PaLink& link = state.links[d];
      PDES_CHECK(owner(d) == router_ && link.has_remote == 0, "PA: a second remote proposal");
      link.has_remote = 1;
      link.remote = msg;
      link.remote_at = event.control.origin;
      link.remote_queued = event.control.sent;
      link.remote_priority =
          policy_->priority(msg.length, std::popcount(event.control.origin ^ msg.dst));
      const std::int64_t at = ctx.now().ticks() + 1;
      if (state.arbitrate_at != at) {
        state.arbitrate_at = at;
        send(ctx.self(), at, MessageTopic::kArbitrate, 0, MessageHeader{}, 0, ctx);
      }
      break;
    }
    case MessageTopic::kArbitrate:
      arbitrate(state, ctx);
      break;
    case MessageTopic::kGrant:
      granted(d, state, ctx);
      break;
    case MessageTopic::kReject:
      refused(d, event.control.sent, state, ctx);
      break;
    default:
      PDES_CHECK(false, "PA router got an unknown message topic");
  }
}

void PaSwitchLp::on_finish(const PaState& state, pdes::CommitContext& ctx) const {
  for (std::uint32_t d = 0; d < dimension_; ++d) {
    if (owner(d) != router_) continue;
    ctx.emit(MissionLink{router_, d, state.links[d].messages, state.links[d].busy_cycles});
  }
}

void PaSwitchLp::receive(const MessageHeader& msg, PaState& state,
                         pdes::Context<NetEvent>& ctx) const {
  if (msg.dst == router_) {
    send(layout_.node_lp(router_), ctx.now().ticks() + 1, MessageTopic::kDeliver, 0, msg, 0, ctx);
    return;
  }
  const std::int64_t t = cycle(ctx);
  const PaQueued q{msg, policy_->priority(msg.length, std::popcount(msg.dst ^ router_)), t, -1, 0,
                   0};
  // Without an age term the policy order never changes: keep the queue in it.
  const auto pos = std::upper_bound(state.queue.begin(), state.queue.end(), q,
                                    [&](const PaQueued& a, const PaQueued& b) {
                                      return key(a.priority, a.queued, a.msg, t) <
                                             key(b.priority, b.queued, b.msg, t);
                                    });
  state.queue.insert(params_.age_weight == 0.0 ? pos : state.queue.end(), q);
  schedule_round(t, 0, ctx);
}

void PaSwitchLp::schedule_round(std::int64_t c, std::uint32_t k,
                                pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(k <= 17, "PA: more rounds in a cycle than links");
  const std::int64_t at = c * cycle_ + kFirstRoundPhase + std::int64_t{k} * kRoundTicks;
  send(ctx.self(), at, MessageTopic::kRound, k, MessageHeader{}, 0, ctx);
}

void PaSwitchLp::round(std::uint32_t /*k*/, PaState& state,
                       pdes::Context<NetEvent>& ctx) const {
  if (state.last_round_tick == ctx.now().ticks()) return;  // asked for twice
  state.last_round_tick = ctx.now().ticks();
  const std::int64_t t = cycle(ctx);
  std::uint32_t taken = 0;
  for (std::uint32_t d = 0; d < dimension_; ++d) {
    if (state.links[d].busy_until > t) taken |= 1u << d;
  }
  for (const PaQueued& q : state.queue) {
    if (q.proposed != 0) taken |= 1u << (q.proposed - 1);
  }
  std::vector<std::size_t> order(state.queue.size());
  std::iota(order.begin(), order.end(), 0);
  if (params_.age_weight != 0.0) {  // else the queue is kept in policy order (receive)
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const PaQueued& x = state.queue[a];
      const PaQueued& y = state.queue[b];
      return key(x.priority, x.queued, x.msg, t) < key(y.priority, y.queued, y.msg, t);
    });
  }
  const std::uint32_t all = (1u << dimension_) - 1;
  for (const std::size_t i : order) {
    if ((taken & all) == all) break;  // every link is spoken for

    PaQueued& q = state.queue[i];
    if (q.proposed != 0) continue;
    if (q.tried_cycle != t) {
      q.tried_cycle = t;
      q.tried = 0;
    }
    const std::uint32_t needed = q.msg.dst ^ router_;
    std::uint32_t candidates = needed & ~q.tried & ~taken;
    if (candidates == 0 && detours_ && detour_pays(q, needed, state, t)) {
      candidates = all & ~needed & ~q.msg.detours & ~q.tried & ~taken;
    }
    if (candidates == 0) continue;
    const auto d = static_cast<std::uint32_t>(std::countr_zero(candidates));  // lowest first
    taken |= 1u << d;
    q.proposed = d + 1;
    propose(q, d, state, ctx);
  }
}

bool PaSwitchLp::detour_pays(const PaQueued& q, std::uint32_t needed, const PaState& state,
                             std::int64_t t) const {
  std::int64_t earliest = -1;  // the earliest a needed link frees, as far as this end knows
  for (std::uint32_t d = 0; d < dimension_; ++d) {
    if ((needed & (1u << d)) == 0) continue;
    const std::int64_t free_at = std::max(state.links[d].busy_until, t);
    if (earliest < 0 || free_at < earliest) earliest = free_at;
  }
  return static_cast<double>(earliest - t) >
         params_.dfs_slack * static_cast<double>(q.msg.length);
}

void PaSwitchLp::propose(const PaQueued& q, std::uint32_t d, PaState& state,
                         pdes::Context<NetEvent>& ctx) const {
  const std::uint32_t o = owner(d);
  if (o != router_) {
    send(layout_.router_lp(o), ctx.now().ticks() + 1, MessageTopic::kPropose, d, q.msg, q.queued,
         ctx);
    return;
  }
  PaLink& link = state.links[d];
  link.has_local = 1;
  link.local = q.msg;
  link.local_queued = q.queued;
  link.local_priority = q.priority;
  const std::int64_t at = ctx.now().ticks() + 2;
  if (state.arbitrate_at != at) {
    state.arbitrate_at = at;
    send(ctx.self(), at, MessageTopic::kArbitrate, 0, MessageHeader{}, 0, ctx);
  }
}

void PaSwitchLp::arbitrate(PaState& state, pdes::Context<NetEvent>& ctx) const {
  if (state.arbitrate_at == ctx.now().ticks()) state.arbitrate_at = -1;
  const std::int64_t t = cycle(ctx);
  const std::int64_t reply = ctx.now().ticks() + 1;
  bool local_refused = false;
  bool local_sent = false;
  auto refuse_local = [&](PaLink& link, std::uint32_t d) {
    PaQueued& q = state.queue[find(state.queue, link.local)];
    q.tried |= 1u << d;
    q.proposed = 0;
    local_refused = true;
  };
  for (std::uint32_t d = 0; d < dimension_; ++d) {
    PaLink& link = state.links[d];
    if (link.has_local == 0 && link.has_remote == 0) continue;
    if (link.busy_until > t) {
      if (link.has_remote != 0) {
        send(layout_.router_lp(link.remote_at), reply, MessageTopic::kReject, d, link.remote,
             link.busy_until, ctx);
      }
      if (link.has_local != 0) refuse_local(link, d);
    } else {
      bool local_wins = link.has_local != 0;
      if (link.has_local != 0 && link.has_remote != 0) {
        if (heads_) {
          local_wins = link.local_queued <= link.remote_queued;
        } else {
          local_wins = key(link.local_priority, link.local_queued, link.local, t) <
                       key(link.remote_priority, link.remote_queued, link.remote, t);
        }
      }
      if (local_wins) {
        const std::size_t i = find(state.queue, link.local);
        const MessageHeader msg = state.queue[i].msg;
        state.queue.erase(state.queue.begin() + static_cast<std::ptrdiff_t>(i));
        transmit(d, msg, router_, state, ctx);
        local_sent = true;
        if (link.has_remote != 0) {
          send(layout_.router_lp(link.remote_at), reply, MessageTopic::kReject, d, link.remote,
               link.busy_until, ctx);
        }
      } else {
        transmit(d, link.remote, link.remote_at, state, ctx);
        send(layout_.router_lp(link.remote_at), reply, MessageTopic::kGrant, d, link.remote,
             link.busy_until, ctx);
        if (link.has_local != 0) refuse_local(link, d);
      }
    }
    link.has_local = 0;
    link.has_remote = 0;
  }
  // Messages that lost a link, or that waited behind one that just took it (DFS may now detour
  // them), get another round in this cycle.
  const bool idle_waiting = std::any_of(state.queue.begin(), state.queue.end(),
                                        [](const PaQueued& q) { return q.proposed == 0; });
  if (local_refused || (local_sent && detours_ && idle_waiting)) {
    const std::int64_t phase = ctx.now().ticks() - t * cycle_;
    const auto k = static_cast<std::uint32_t>((phase - kFirstRoundPhase) / kRoundTicks);
    schedule_round(t, k + 1, ctx);
  }
}

void PaSwitchLp::granted(std::uint32_t d, PaState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t t = cycle(ctx);
  for (std::size_t i = 0; i < state.queue.size(); ++i) {
    if (state.queue[i].proposed == d + 1) {
      const std::int64_t free_at = t + state.queue[i].msg.length;
      state.links[d].busy_until = std::max(state.links[d].busy_until, free_at);
      state.queue.erase(state.queue.begin() + static_cast<std::ptrdiff_t>(i));
      schedule_round(free_at, 0, ctx);
      if (detours_ && std::any_of(state.queue.begin(), state.queue.end(),
                                  [](const PaQueued& q) { return q.proposed == 0; })) {
        const std::int64_t phase = ctx.now().ticks() - t * cycle_;
        const auto k = static_cast<std::uint32_t>((phase - kFirstRoundPhase) / kRoundTicks);
        schedule_round(t, k + 1, ctx);
      }
      return;
    }
  }
  PDES_CHECK(false, "PA: a grant for no proposal");
}

void PaSwitchLp::refused(std::uint32_t d, std::int64_t busy_until, PaState& state,
                         pdes::Context<NetEvent>& ctx) const {
  const std::int64_t t = cycle(ctx);
  for (PaQueued& q : state.queue) {
    if (q.proposed == d + 1) {
      q.proposed = 0;
      q.tried |= 1u << d;
    }
  }
  if (busy_until > state.links[d].busy_until) {
    state.links[d].busy_until = busy_until;
    schedule_round(busy_until, 0, ctx);
  }
  const std::int64_t phase = ctx.now().ticks() - t * cycle_;
  const auto k = static_cast<std::uint32_t>((phase - kFirstRoundPhase) / kRoundTicks);
  schedule_round(t, k + 1, ctx);
}

void PaSwitchLp::transmit(std::uint32_t d, MessageHeader msg, std::uint32_t at, PaState& state,
                          pdes::Context<NetEvent>& ctx) const {
  PaLink& link = state.links[d];
  const std::int64_t t = cycle(ctx);
  link.busy_until = t + msg.length;
  ++link.messages;
  link.busy_cycles += msg.length;
  ++msg.hops;
  if (((msg.dst ^ at) & (1u << d)) == 0) msg.detours |= static_cast<std::uint16_t>(1u << d);
  send(layout_.router_lp(at ^ (1u << d)), link.busy_until * cycle_, MessageTopic::kArrive, d, msg,
       0, ctx);
  if (at == router_) schedule_round(link.busy_until, 0, ctx);
}

void PaSwitchLp::send(pdes::LpId to, std::int64_t at_tick, MessageTopic topic,
                      std::uint32_t port, const MessageHeader& msg, std::int64_t extra,
                      pdes::Context<NetEvent>& ctx) const {
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.port = static_cast<std::uint8_t>(port);
  ev.control.origin = router_;
  ev.control.origin_is_router = 1;
  ev.control.topic = static_cast<std::uint8_t>(topic);
  ev.control.sent = extra;
  ev.control.body.set(msg);
  ctx.send(to, pdes::SimTime{at_tick - ctx.now().ticks()}, ev);
}

}  // namespace net::missions
