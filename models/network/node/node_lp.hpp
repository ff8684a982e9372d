// SPDX-License-Identifier: Apache-2.0
//
// NodeLp: a compute node: workload source, network interface (NI) and sink, as one LP.
//
// Source: runs the network's Workload (workload/workload.hpp; synthetic traffic is one), which
// releases messages into an unbounded source queue, plus scripted one-packet messages (tests).
// A message is cut into packets of packet_size flits (the last may be shorter), each recorded
// at once (PacketGenerated, with the message id and the workload's group label). At each packet
// boundary the SourceScheduler picks the queued message whose next packet goes.
// NI: sends the front packet flit by flit, one flit per cycle, into its router's terminal input
// port over a link of link_latency cycles, with credit-based flow control on that port's VCs
// (wormhole: a head needs one credit on a VC; VCT/SAF: credits for the whole packet). It may
// use every VC (the router resets the VC class of a packet that enters from a terminal port).
// Sink: accepts every flit at once (no ejection back-pressure, as in BookSim2) and, at each
// tail, emits a PacketDelivered record. If the workload observes deliveries, the sink counts
// the packets of each message and calls Workload::on_delivered when the last one arrives.
//
// Agent: a routing that needs more at the nodes than a header written at injection brings a
// NodeAgent (node_agent.hpp; RoutingAlgorithm::node_agent()), whose state is NodeState::agent.
// The node hands it the flits its sink does not take (packets for another node that stop here on
// their way, ACKs), each delivered data packet, the events and control messages addressed to
// it, and the first turn at each packet boundary: the agent's packets (DRB's owed ACKs and
// packets in transit, routing/drb/feedback_agent.hpp) go before the source queue. Without an
// agent each of these costs one null test.
//
// Self-addressed packets (a pattern may return the source, e.g. uniform with probability 1/N)
// are sent into the network like any other and come back out of the same router: one router
// hop, as in BookSim2. No special case.
//
// Events: kGenerate (self: a workload wake-up or a scripted packet), kInject (self, only while the
// NI has a flit to send and a credit), kCredit (from the router), kFlit (ejection, from the
// router), kAck (from another node's agent), kControl (for the agent), kNote and kDirect (for the
// workload). An idle node, with load 0, receives no events.
#pragma once

#include <memory>

#include "models/network/build/lp_layout.hpp"
#include "models/network/node/node_agent.hpp"
#include "models/network/node/node_params.hpp"
#include "models/network/node/node_state.hpp"
#include "models/network/node/node_state_serialization.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/workload/source_scheduler.hpp"
#include "models/network/workload/workload.hpp"
#include "pdes/pdes.hpp"

namespace net {

class NodeLp final : public pdes::LogicalProcess<NodeState, NetEvent> {
 public:
  /// `routing` writes each packet's routing header (RoutingAlgorithm::prepare, or its node
  /// agent's prepare) when its head is injected.
  NodeLp(NodeId node, const NodeParams& params, LpLayout layout,
         std::shared_ptr<const Topology> topology, std::shared_ptr<const Workload> workload,
         std::shared_ptr<const SourceScheduler> scheduler,
         std::shared_ptr<const RoutingAlgorithm> routing);

  /// Sizes the credits, schedules the scripted packets and starts the workload.
  void on_init(NodeState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, NodeState& state,
                pdes::Context<NetEvent>& ctx) const override;
  /// Lets the routing's node agent and the workload emit their own records.
  void on_finish(const NodeState& state, pdes::CommitContext& ctx) const override;

 private:
  class Source;  // the WorkloadContext of one event (node_lp.cpp)
  class Agent;   // the NodeAgentContext of one event (node_lp.cpp)

  void generate(const NetEvent& event, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Queues a message released now; returns its id (WorkloadContext::send).
  std::uint32_t release(NodeId dst, std::uint32_t flits, std::uint32_t group, NodeState& state,
                        pdes::Context<NetEvent>& ctx) const;
  /// A packet of a message arrived: counts it, and tells the workload when the message is whole.
  void deliver_to_workload(const Flit& tail, NodeState& state,
                           pdes::Context<NetEvent>& ctx) const;
  void receive(const Flit& flit, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Picks a VC with `need` credits, round robin after the last one used; -1 if none.
  int choose_vc(const NodeState& state, std::uint32_t need) const;
  /// Puts `flit` on the injection link, on VC state.current_vc, and takes its credit.
  void send_to_router(const Flit& flit, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// A VC with the credits a head of a `size`-flit packet needs: one (wormhole) or the whole
  /// packet (VCT, SAF); -1 if none.
  int packet_vc(const NodeState& state, std::uint32_t size) const;
  /// The VC with the most credits (at least one), round robin after the last one used; -1 if
  /// none (NodeAgentContext::emptiest_vc).
  int emptiest_vc(const NodeState& state) const;
  /// At a packet boundary: takes the source queue's front packet, whose header the routing
  /// writes now, into state.current, on a VC with the credits it needs; false if there is none.
  bool start_packet(NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Sends the next flit of state.current (flit flits_sent) on state.current_vc.
  void send_current_flit(NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Sends the next flit of the current packet (starting one if needed) if credits allow.
  bool send_packet_flit(NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Whether the agent has packets to send before the source queue.
  bool agent_outgoing(const NodeState& state) const {
    return agent_ != nullptr && agent_->has_outgoing(state.agent);
  }
  /// Start of the measurement (traffic.warmup_cycles), in ticks.
  std::int64_t warmup_ticks() const;
  void try_inject(NodeState& state, pdes::Context<NetEvent>& ctx) const;

  const NodeId node_;
  const NodeParams params_;
  const LpLayout layout_;
  const std::shared_ptr<const Topology> topology_;
  const pdes::LpId router_lp_;
  const std::uint8_t router_port_;
  const std::shared_ptr<const Workload> workload_;
  /// workload_->observes_deliveries(), asked once: every arriving flit needs the answer.
  const bool observes_deliveries_;
  const std::shared_ptr<const SourceScheduler> scheduler_;
  const std::shared_ptr<const RoutingAlgorithm> routing_;
  const NodeAgent* const agent_;  ///< routing_->node_agent(), may be null
};

}  // namespace net
