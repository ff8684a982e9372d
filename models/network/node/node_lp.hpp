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
// ACKs (source routings' feedback, routing/source_routing.hpp): when the routing's SourceRouting asks for
// them, the sink answers each data packet's tail with an ACK {path, blocked cycles} to its source:
// either a one-flit ACK packet, queued ahead of the source queue (the NI sends it at the next
// packet boundary; routers give it the highest priority), or, with the ideal side channel, a
// kAck event that reaches the source after the ACK's zero-load latency. An ACK arriving at its
// source goes to SourceRouting::on_ack and emits an AckDelivered record.
//
// Transit (a routing that ejects at intermediate nodes): a packet ejected at its intermediate node is
// received whole, then re-injected with its next phase, after owed ACKs and before the source
// queue; it keeps its creation and injection times, so its latency covers the stop.
//
// Self-addressed packets (a pattern may return the source, e.g. uniform with probability 1/N)
// are sent into the network like any other and come back out of the same router: one router
// hop, as in BookSim2. No special case.
//
// Events: kGenerate (self: a workload wake-up or a scripted packet), kInject (self, only while the NI has a flit to send and a credit),
// kCredit (from the router), kFlit (ejection, from the router), kAck (ideal ACK, from a node). An idle node, with load 0,
// receives no events.
#pragma once

#include <memory>

#include "models/network/build/lp_layout.hpp"
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
  /// `routing` writes each packet's routing header (RoutingAlgorithm::prepare) when its head
  /// is injected.
  NodeLp(NodeId node, const NodeParams& params, LpLayout layout,
         std::shared_ptr<const Topology> topology, std::shared_ptr<const Workload> workload,
         std::shared_ptr<const SourceScheduler> scheduler,
         std::shared_ptr<const RoutingAlgorithm> routing);

  /// Sizes the credits, schedules the scripted packets and starts the workload.
  void on_init(NodeState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, NodeState& state,
                pdes::Context<NetEvent>& ctx) const override;
  /// Lets the source routing and the workload emit their own records.
  void on_finish(const NodeState& state, pdes::CommitContext& ctx) const override;

 private:
  class Source;  // the WorkloadContext of one event (node_lp.cpp)

  void generate(const NetEvent& event, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Queues a message released now; returns its id (WorkloadContext::send).
  std::uint32_t release(NodeId dst, std::uint32_t flits, std::uint32_t group, NodeState& state,
                        pdes::Context<NetEvent>& ctx) const;
  /// A packet of a message arrived: counts it, and tells the workload when the message is whole.
  void deliver_to_workload(const Flit& tail, NodeState& state,
                           pdes::Context<NetEvent>& ctx) const;
  void receive(const Flit& flit, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Answers the tail of a data packet with an ACK to its source (acks_ != kNone).
  void acknowledge(const Flit& tail, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  void receive_ack(const Flit& ack, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Starts the next packet at a packet boundary: an owed ACK first, else the source queue's
  /// front. Returns false if no VC has the credits the packet needs.
  /// Picks a VC with `need` credits, round robin after the last one used; -1 if none.
  int choose_vc(const NodeState& state, std::uint32_t need) const;
  /// Puts `flit` on the injection link, on VC state.current_vc, and takes its credit.
  void send_to_router(const Flit& flit, NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Sends the front ACK if a VC has a credit for it; false otherwise.
  bool send_ack(NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// At a packet boundary: takes the next packet (a transit packet first, else the source
  /// queue's front, whose header the routing writes now) into state.current, on a VC with the
  /// credits it needs; false if there is none.
  bool start_packet(NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// Sends the next flit of the current packet (starting one if needed) if credits allow.
  bool send_packet_flit(NodeState& state, pdes::Context<NetEvent>& ctx) const;
  /// A flit of a packet that stops here on its way (RoutingAlgorithm::continue_from): the
  /// complete packet joins the transit queue with its next phase.
  void receive_transit(const Flit& flit, NodeState& state) const;
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
  const SourceRouting* const source_routing_;  ///< routing_->source_routing(), may be null
  const AckDelivery acks_;
};

}  // namespace net
