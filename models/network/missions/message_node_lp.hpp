// SPDX-License-Identifier: Apache-2.0
//
// MessageNodeLp (network.node_kind = "message_adapter"): the processor side of a message-level
// adapter (message_switch_lp.hpp). It runs the network's Workload and hands each released
// message, whole, to its router (kInject); when its router delivers a message (kDeliver) it
// records it and tells the workload if it observes deliveries. No packets, no flow control:
// a message is one unit of length ℓ cycles (§4: lengths are in time units).
//
// Records: PacketGenerated and PacketDelivered with one packet per message (size = ℓ, so the
// generic network results count messages, makespan and the network/messages table), and a
// MissionMessage per arrival for the mission results.
#pragma once

#include <memory>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/workload/workload.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

struct MessageNodeState {
  AlgorithmState workload;
  std::uint32_t next_message = 0;
  bool operator==(const MessageNodeState&) const = default;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, workload);
    pdes::checkpoint_value(ar, next_message);
  }
};

class MessageNodeLp final : public pdes::LogicalProcess<MessageNodeState, NetEvent> {
 public:
  MessageNodeLp(NodeId node, LpLayout layout, std::shared_ptr<const Workload> workload,
                std::int64_t cycle_ticks, std::uint64_t warmup_cycles);

  void on_init(MessageNodeState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, MessageNodeState& state,
                pdes::Context<NetEvent>& ctx) const override;
  void on_finish(const MessageNodeState& state, pdes::CommitContext& ctx) const override;

 private:
  class Source;  // the WorkloadContext of one event
  std::uint32_t release(NodeId dst, std::uint32_t length, std::uint32_t group,
                        MessageNodeState& state, pdes::Context<NetEvent>& ctx) const;
  void deliver(const NetEvent& event, MessageNodeState& state,
               pdes::Context<NetEvent>& ctx) const;

  const NodeId node_;
  const LpLayout layout_;
  const std::shared_ptr<const Workload> workload_;
  const std::int64_t cycle_;
  const std::uint64_t warmup_cycles_;
};

}  // namespace net::missions
