// SPDX-License-Identifier: Apache-2.0
//
// MessageSwitchLp (router.kind = "message_switch"): the SPIDER-like communication adapter of a
// hypercube node under message switching (Tsai & Shin, ICDCS 1996, §4), at message
// level: a message of length ℓ holds a link for ℓ cycles and is received whole before it moves
// on (store-and-forward, unbounded buffers).
//
// - All n links send and receive at once; queueing costs no time (§4: "queueing and
//   communication can be done in parallel").
// - Routing: e-cube, the lowest differing dimension first (§3.2); a message whose link is busy
//   waits in that link's priority queue (§3.1), ordered by adapter.policy, ties FIFO.
// - Half-duplex links (§4: "only one message can be sent in either direction"): the link of
//   dimension d between a and a ^ 2^d is owned by the endpoint whose bit d is 0. The owner keeps
//   one queue for both directions; the other end sends its messages to the owner's queue
//   (kRequest). Arbitration rule [OURS; the paper does not say]: when the link is idle, the message
//   first in policy order among those queued at either end goes — both ends are one priority queue,
//   the model of our quick calibration of the paper's setting. adapter.arbitration = "heads": each
//   end has its own queue and the two heads go first come, first served. full_duplex: each
//   direction is its own link, owned by its sender.
// - Timing: message_header.hpp. Times in cycles are exact.
// - adapter.switching = "vct" (virtual cut-through, §4; [OURS]: zero header delay):
//   a transmission's header reaches the next router in the same cycle; if that router's next
//   link is idle and no message waiting for it may go, the message cuts through (the links are
//   held over the same ℓ cycles); otherwise it is buffered and competes once received whole.
//   Cut-through attempts follow the cycle's decisions (tick 5), 2 ticks per hop.
//
// Limitations: concentration 1; e-cube only (PA: pa_switch_lp.hpp); no circuit switching.
#pragma once

#include <memory>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/missions/adapter_state.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/scheduling_policy.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

class MessageSwitchLp final : public pdes::LogicalProcess<AdapterState, NetEvent> {
 public:
  MessageSwitchLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                  const AdapterParams& params, std::shared_ptr<const SchedulingPolicy> policy,
                  std::int64_t cycle_ticks);

  void on_init(AdapterState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, AdapterState& state,
                pdes::Context<NetEvent>& ctx) const override;
  void on_finish(const AdapterState& state, pdes::CommitContext& ctx) const override;

  /// The router that arbitrates the link of dimension `d` at `router` (half-duplex: the end
  /// whose bit d is clear; full-duplex: `router` itself).
  static std::uint32_t owner(std::uint32_t router, std::uint32_t d, bool half_duplex) {
    return half_duplex ? router & ~(1u << d) : router;
  }

 private:
  /// A message at this router: delivered here or queued for its next link.
  void route(MessageHeader msg, AdapterState& state, pdes::Context<NetEvent>& ctx) const;
  /// VCT: a header at this router; the message is whole here at cycle `complete`.
  void header(const MessageHeader& msg, std::int64_t complete, AdapterState& state,
              pdes::Context<NetEvent>& ctx) const;
  /// VCT, at the owner of link `port`: cut through now or buffer until `complete`.
  void cut(std::uint32_t port, const MessageHeader& msg, std::uint32_t at, std::int64_t complete,
           AdapterState& state, pdes::Context<NetEvent>& ctx) const;
  /// Queues `msg` (at `at`) for link `port`, allowed to go from cycle `eligible`.
  void enqueue(std::uint32_t port, const MessageHeader& msg, std::uint32_t at,
               std::int64_t eligible, AdapterState& state, pdes::Context<NetEvent>& ctx) const;
  void start(std::uint32_t port, MessageHeader msg, std::uint32_t at, LinkState& link,
             pdes::Context<NetEvent>& ctx) const;
  void schedule_decide(std::uint32_t port, std::int64_t at_cycle, LinkState& link,
                       pdes::Context<NetEvent>& ctx) const;
  void decide(std::uint32_t port, AdapterState& state, pdes::Context<NetEvent>& ctx) const;
  void send_control(pdes::LpId to, std::int64_t delay, MessageTopic topic, std::uint32_t port,
                    const MessageHeader& msg, pdes::Context<NetEvent>& ctx,
                    std::int64_t extra = 0) const;
  std::int64_t cycle(pdes::Context<NetEvent>& ctx) const { return ctx.now().ticks() / cycle_; }

  const std::uint32_t router_;
  const std::uint32_t dimension_;
  const LpLayout layout_;
  const AdapterParams params_;
  const bool half_duplex_;
  const bool heads_;  ///< adapter.arbitration = "heads"
  const bool vct_;    ///< adapter.switching = "vct"
  const std::shared_ptr<const SchedulingPolicy> policy_;
  const std::int64_t cycle_;
};

}  // namespace net::missions
