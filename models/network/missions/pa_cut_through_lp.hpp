// SPDX-License-Identifier: Apache-2.0
//
// PaCutThroughLp (adapter.routing = "pa", adapter.switching = "vct"): Progressive Adaptive
// routing (Tsai & Shin, ICDCS 1996, §3.2) under virtual cut-through (§4: "messages
// are buffered only when a cut-through attempt fails"), at message level, zero header delay
// (as MessageSwitchLp's e-cube VCT, [OURS]). In every cycle t in which something changes:
//
//  1. Queued messages. Each node has one queue in adapter.policy order (PA, §3.2) of the
//     messages released there and of those buffered there and received whole. They are matched
//     to idle links by the rounds of PaSwitchLp: every node proposes, for each message in order,
//     its lowest needed dimension whose link is idle, not refused this cycle and not asked for
//     by a message ahead of it; a half-duplex link asked for from both ends goes to the better
//     message (adapter.arbitration: shared = policy order; heads = earlier queued, ties to the
//     owner end); refused messages try again in the next round. A message that wins starts at t.
//  2. Cut-through. The header of every message that started at t reaches the next node in the
//     same cycle and takes the lowest needed dimension whose link is still idle (every queued
//     message had its chance first, so no queued message wants an idle link); it goes on,
//     hop after hop, holding every link over the same ℓ cycles. Headers of one hop are served
//     in policy order at the node they reach, ties (release, source, id). A header that finds
//     no idle needed link stays at its node: the message is buffered there and joins the queue
//     when received whole, at t + ℓ (buffered messages never start before they are whole,
//     as under e-cube VCT).
//  3. A message arrives at its destination ℓ cycles after its last start.
//
// Like CircuitManagerLp, one LP (router 0's) keeps every link and queue and decides; the other
// routers forward their node's messages to it. The decisions are the distributed, per-node
// ones above; a single LP is the simplest exact form of the zero-delay, within-cycle header
// advance across nodes in Time Warp ([OURS], for Time Warp). It makes these runs
// sequential in effect.
//
// Limitations: concentration 1; one LP does all the work.
#pragma once

#include <cstdint>
#include <memory>
#include <tuple>
#include <type_traits>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/missions/central_links.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/missions/message_header.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/scheduling_policy.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

struct CutQueued {
  MessageHeader msg;
  std::uint32_t at = 0;        ///< the node where it waits
  std::uint32_t tried = 0;     ///< dimensions refused in the current cycle (bit d)
  std::int64_t priority = 0;   ///< SchedulingPolicy::priority at `at`
  std::int64_t queued = 0;     ///< cycle it joined the queue or is whole at `at`; FIFO tie-break
  bool operator==(const CutQueued&) const = default;
};
static_assert(std::has_unique_object_representations_v<CutQueued>);

struct CutThroughState {
  CentralLinks links;
  std::vector<CutQueued> waiting;
  std::int64_t decide_at = -1;
  bool operator==(const CutThroughState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, links);
    pdes::checkpoint_value(ar, waiting);
    pdes::checkpoint_value(ar, decide_at);
  }
};

class PaCutThroughLp final : public pdes::LogicalProcess<CutThroughState, NetEvent> {
 public:
  PaCutThroughLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                 const AdapterParams& params, std::shared_ptr<const SchedulingPolicy> policy,
                 std::int64_t cycle_ticks);

  void on_init(CutThroughState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, CutThroughState& state,
                pdes::Context<NetEvent>& ctx) const override;
  void on_finish(const CutThroughState& state, pdes::CommitContext& ctx) const override;

 private:
  using Key = std::tuple<double, std::int64_t, std::uint32_t, std::uint32_t>;
  std::size_t link(std::uint32_t at, std::uint32_t d) const;
  Key key(const CutQueued& q, std::int64_t t) const;
  void decide(CutThroughState& state, pdes::Context<NetEvent>& ctx) const;
  /// Step 1: the rounds; returns the messages that started, with the node they start from.
  std::vector<CutQueued> match(CutThroughState& state, std::int64_t t) const;
  /// Step 2: the headers of `started` run on as far as idle links allow.
  void cut_through(std::vector<CutQueued> started, CutThroughState& state, std::int64_t t,
                   pdes::Context<NetEvent>& ctx) const;
  void deliver(const MessageHeader& msg, std::int64_t at_cycle,
               pdes::Context<NetEvent>& ctx) const;

  const std::uint32_t router_;
  const std::uint32_t dimension_;
  const LpLayout layout_;
  const AdapterParams params_;
  const bool half_duplex_;
  const bool heads_;
  const std::shared_ptr<const SchedulingPolicy> policy_;
  const std::int64_t cycle_;
};

}  // namespace net::missions
