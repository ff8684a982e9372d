// SPDX-License-Identifier: Apache-2.0
//
// FeedbackAgent: the node-side agent (node/node_agent.hpp) of the DRB family (DRB, PR-DRB,
// FR-DRB), returned by their RoutingAlgorithm::node_agent(). It runs at every compute node:
//
// - Source: keeps the SourceRouting's state (DRB's metapaths) and has it write each data
//   packet's header at injection.
// - ACKs (Franco et al., "A New Method to Make Communication Latency Uniform: Distributed
//   Routing Balancing", §3 phase 1, Traffic Load Monitoring): when the routing asks for them,
//   the sink answers each data packet's tail with an ACK {path, blocked cycles} to its source:
//   either a one-flit ACK packet, queued ahead of the source queue (sent at the next packet
//   boundary, on the emptiest injection VC; routers give it the highest priority), or, with the
//   ideal side channel, a kAck event that reaches the source after the ACK's zero-load latency.
//   An ACK arriving at its source goes to SourceRouting::on_ack and emits an AckDelivered record.
// - Transit (drb.eject_at_intermediates): a packet ejected at its intermediate node is received
//   whole, then re-injected with its next phase (RoutingAlgorithm::continue_from), after the owed
//   ACKs and before the source queue; it keeps its creation and injection times, so its latency
//   covers the stop.
//
// State: FeedbackState (feedback_state.hpp) in NodeState::agent.
#pragma once

#include "models/network/node/node_agent.hpp"
#include "models/network/routing/drb/ack_delivery.hpp"
#include "models/network/routing/drb/feedback_state.hpp"
#include "models/network/routing/drb/source_routing.hpp"

namespace net {
class RoutingAlgorithm;
}

namespace net::drb {

class FeedbackAgent final : public NodeAgent {
 public:
  /// `routing` labels ACKs and advances packets in transit; `source` decides paths and
  /// feedback; `acks` is source.acks(), asked once (DrbRouting and PrDrbRouting pass themselves
  /// twice and own the agent, so both outlive it).
  FeedbackAgent(const RoutingAlgorithm& routing, const SourceRouting& source, AckDelivery acks)
      : routing_(routing), source_(source), acks_(acks) {}

  AlgorithmState initial_state(NodeId self) const override;
  void prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const override;
  /// ACKs for this node, and flits of packets that stop here on their way.
  void on_flit(const Flit& flit, NodeAgentContext& node, AlgorithmState& state) const override;
  /// Answers a data tail with an ACK, if the routing wants one.
  void on_delivered(const Flit& tail, NodeAgentContext& node, AlgorithmState& state) const override;
  /// kAck: an ACK through the ideal side channel.
  void on_event(const NetEvent& event, NodeAgentContext& node,
                AlgorithmState& state) const override;
  void on_control(NodeId self, const ControlMessage& message, std::int64_t now,
                  AlgorithmState& state) const override;
  bool has_outgoing(const AlgorithmState& state) const override {
    const FeedbackState& s = state.get<FeedbackState>();
    return s.acks_queued() > 0 || s.transit_queued() > 0;
  }
  /// An owed ACK first, else the next packet in transit.
  bool inject(NodeAgentContext& node, AlgorithmState& state) const override;
  void on_finish(NodeId self, const AlgorithmState& state, pdes::CommitContext& ctx) const override;

 private:
  void receive_ack(const Flit& ack, NodeAgentContext& node, FeedbackState& state) const;
  void receive_transit(const Flit& flit, NodeAgentContext& node, FeedbackState& state) const;

  const RoutingAlgorithm& routing_;
  const SourceRouting& source_;
  const AckDelivery acks_;
};

}  // namespace net::drb
