// SPDX-License-Identifier: Apache-2.0
//
// PaSwitchLp (router.kind = "message_switch", adapter.routing = "pa"): the SPIDER-like adapter
// under message switching with Progressive Adaptive routing (Tsai & Shin, ICDCS 1996,
// §3.2): "PA tries to route messages from the lowest dimension to the highest ... When the
// link corresponding to the lowest dimension is busy, the next lowest dimension is tested ... If
// no link leading the message closer to its destination is available, the message is blocked
// and entered into a queue. Only one message queue is maintained on each node ... When a link
// becomes free, the message closest to the head of the queue that can use the link ... is
// routed through this link." Minimal paths only; the queue is in adapter.policy order.
//
// Half-duplex links are shared by two nodes that decide at the same time, so each cycle in
// which something changed runs rounds of a distributed matching ([OURS]; the paper does not say),
// on the tick grid of message_header.hpp:
//   round k (tick 10 + 4k)  every router walks its queue in policy order and proposes, for each
//                           message without an open proposal, its lowest needed dimension that
//                           is not known busy, not refused this cycle and not yet proposed by
//                           a message ahead of it; a proposal goes to the link's owner
//   + 2                     each owner grants each proposed idle link to one of its two ends
//                           (adapter.arbitration: shared = the better in policy order; heads =
//                           the earlier queued, ties to the owner) and refuses the other
//   + 3                     a granted message has left; a refused one tries its next dimension
//                           in round k + 1. At most n rounds: each refusal removes a dimension.
// A message granted in any round of cycle t starts at t and arrives at t + ℓ, as under e-cube.
// Full-duplex links are owned by their sender: the rounds are local.
//
// adapter.routing = "dfs" (the fully adaptive comparator, Chen & Shin, the paper's ref. [8];
// [OURS]): the same, but a message whose needed links are all busy or refused takes a free link of
// a dimension it does not need — a detour, one hop away from its destination — lowest first,
// each dimension at most once as a detour (MessageHeader::detours: no livelock, at most
// H + 2n hops), provided its needed links stay busy (as far as this end knows) for more than
// adapter.dfs_slack × ℓ cycles (a detour costs two extra hops of ℓ; 0: whenever they are
// busy, [OURS]); it blocks only when no such link is free either. The busy links stand for
// Chen & Shin's faulty ones; "backtracking" is never needed under message switching since a
// message can always wait. RBR uses the current distance, which detours make inaccurate.
//
// Limitations: concentration 1; message switching only.
#pragma once

#include <memory>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/pa_state.hpp"
#include "models/network/missions/scheduling_policy.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

class PaSwitchLp final : public pdes::LogicalProcess<PaState, NetEvent> {
 public:
  PaSwitchLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
             const AdapterParams& params, std::shared_ptr<const SchedulingPolicy> policy,
             std::int64_t cycle_ticks);

  void on_init(PaState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, PaState& state,
                pdes::Context<NetEvent>& ctx) const override;
  void on_finish(const PaState& state, pdes::CommitContext& ctx) const override;

 private:
  std::uint32_t owner(std::uint32_t d) const;
  void receive(const MessageHeader& msg, PaState& state, pdes::Context<NetEvent>& ctx) const;
  void schedule_round(std::int64_t cycle, std::uint32_t k, pdes::Context<NetEvent>& ctx) const;
  void round(std::uint32_t k, PaState& state, pdes::Context<NetEvent>& ctx) const;
  /// DFS: whether `q` may take a detour now: its needed links stay busy (as far as this end
  /// knows) for more than adapter.dfs_slack x its length.
  bool detour_pays(const PaQueued& q, std::uint32_t needed, const PaState& state,
                   std::int64_t t) const;
  void propose(const PaQueued& q, std::uint32_t d, PaState& state,
               pdes::Context<NetEvent>& ctx) const;
  void arbitrate(PaState& state, pdes::Context<NetEvent>& ctx) const;
  void granted(std::uint32_t d, PaState& state, pdes::Context<NetEvent>& ctx) const;
  void refused(std::uint32_t d, std::int64_t busy_until, PaState& state,
               pdes::Context<NetEvent>& ctx) const;
  /// Starts `msg` (waiting at `at`) over owned link `d` now; the receiver gets kArrive.
  void transmit(std::uint32_t d, MessageHeader msg, std::uint32_t at, PaState& state,
                pdes::Context<NetEvent>& ctx) const;
  void send(pdes::LpId to, std::int64_t at_tick, MessageTopic topic, std::uint32_t port,
            const MessageHeader& msg, std::int64_t extra, pdes::Context<NetEvent>& ctx) const;
  std::int64_t cycle(const pdes::Context<NetEvent>& ctx) const { return ctx.now().ticks() / cycle_; }
  /// Ordering key of a contender: smaller goes first.
  std::tuple<double, std::int64_t, std::uint32_t, std::uint32_t> key(
      std::int64_t priority, std::int64_t queued, const MessageHeader& msg,
      std::int64_t now_cycle) const;

  const std::uint32_t router_;
  const std::uint32_t dimension_;
  const LpLayout layout_;
  const AdapterParams params_;
  const bool half_duplex_;
  const bool heads_;
  const bool detours_;  ///< adapter.routing = "dfs"
  const std::shared_ptr<const SchedulingPolicy> policy_;
  const std::int64_t cycle_;
};

}  // namespace net::missions
