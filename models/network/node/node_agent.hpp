// SPDX-License-Identifier: Apache-2.0
//
// NodeAgent: the node-side part of a routing algorithm, for a routing that needs more at the
// compute nodes than a header written at injection — per-source state that learns (DRB's
// metapaths), acknowledgements made at the destination and consumed at the source, packets that
// stop at intermediate nodes and are sent on (multi-step routes), control messages from
// routers. The generic NodeLp (node_lp.hpp) knows none of these: it calls the agent at fixed
// points and offers it the services of NodeAgentContext. A routing brings its agent from
// RoutingAlgorithm::node_agent() (nullptr: none), as it brings its router-side hooks from
// router_monitor(); DRB's and PR-DRB's is drb::FeedbackAgent (routing/drb/feedback_agent.hpp).
//
// Who calls what (NodeLp, from its const handlers; `node` is the node's NodeAgentContext):
//   - initial_state(self) once, in on_init: the agent's state at this node;
//   - prepare(self, head, state, rng) when a data packet's head from the source queue is about
//     to be injected, instead of RoutingAlgorithm::prepare;
//   - on_flit(flit, node, state) for each ejected flit that the generic sink does not take: a
//     flit of a packet addressed to another node (it stops here on its way) or of a packet that
//     is not data (an ACK);
//   - on_delivered(tail, node, state) after a data packet addressed here has been recorded;
//   - on_event(event, node, state) for an event sent to this node by another node's agent
//     (NetEventKind::kAck, the ideal side channel);
//   - on_control(self, message, now, state) for a control message from a router
//     (router/router_control.hpp);
//   - has_outgoing(state), then inject(node, state) at a packet boundary: the agent's own
//     packets (owed ACKs, packets in transit) go before the source queue;
//   - on_finish(self, state, ctx) at the end of the run, to emit the agent's own records.
//
// Cost: NodeLp keeps the agent pointer and tests it for null, so a routing without an agent pays
// one predictable branch per ejected flit and per injection opportunity, and no virtual call.
//
// Rollback safety (CONTRIBUTING.md §3): all that an agent changes is its AlgorithmState, kept in
// NodeState::agent, which the kernel saves, restores, compares and checkpoints with the rest of
// the node's state; the agent object itself is immutable and shared by every node. What it sends
// and emits goes through the node's pdes::Context, so a rollback cancels it.
#pragma once

#include <cstdint>

#include "models/network/event/control_message.hpp"
#include "models/network/event/flit.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/router/router_params.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/context.hpp"
#include "pdes/rng.hpp"

namespace net {

/// The node's services to its agent during one event (implemented by NodeLp, node_lp.cpp).
/// The injection services may be used only from NodeAgent::inject, at a packet boundary.
class NodeAgentContext {
 public:
  virtual ~NodeAgentContext() = default;

  virtual NodeId self() const = 0;
  virtual const Topology& topology() const = 0;
  virtual const RouterParams& router() const = 0;
  /// The event's context: now(), rng(), emit() (records are kept with the event, §4).
  virtual pdes::Context<NetEvent>& events() = 0;
  /// Whether a packet created at `created` (ticks) counts in the measurement (after warm-up).
  virtual bool measured(std::int64_t created) const = 0;
  /// Sends `event` to node `dst`'s LP after `delay`.
  virtual void send_to_node(NodeId dst, pdes::SimTime delay, const NetEvent& event) = 0;

  /// The injection VC with the most credits (at least one), searched round robin after the last
  /// one used; -1 if every VC is out of credits.
  virtual int emptiest_vc() const = 0;
  /// Sends the one-flit packet `flit` into the router on `vc` now (it needs one credit there).
  virtual void send_flit(const Flit& flit, int vc) = 0;
  /// Starts sending packet `head` (head.size flits) on a VC with the credits the switching mode
  /// needs for a head, and sends its first flit now; the node sends the rest, one per cycle,
  /// before anything else. False, and nothing sent, if no VC has those credits.
  virtual bool start_packet(const Flit& head) = 0;
};

class NodeAgent {
 public:
  virtual ~NodeAgent() = default;

  /// The agent's state at node `self` before any event (an empty state if it keeps none).
  virtual AlgorithmState initial_state(NodeId self) const = 0;
  /// Writes the routing header of a data head about to leave node `self` (src, dst, seq, size,
  /// created and injected already set).
  virtual void prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const = 0;
  /// A flit the generic sink does not take (see above). Default: none is expected (model error).
  virtual void on_flit(const Flit& flit, NodeAgentContext& node, AlgorithmState& state) const;
  /// The tail of a data packet addressed to this node, after its PacketDelivered record.
  virtual void on_delivered(const Flit& /*tail*/, NodeAgentContext& /*node*/,
                            AlgorithmState& /*state*/) const {}
  /// An event from another node's agent. Default: none is expected (model error).
  virtual void on_event(const NetEvent& event, NodeAgentContext& node, AlgorithmState& state) const;
  /// A control message for node `self` at time `now` (ticks), in band or through the ideal side
  /// channel (router/router_control.hpp). Default: none is expected (model error).
  virtual void on_control(NodeId self, const ControlMessage& message, std::int64_t now,
                          AlgorithmState& state) const;
  /// Whether the agent has packets to inject before the source queue. Asked at every injection
  /// opportunity: keep it cheap.
  virtual bool has_outgoing(const AlgorithmState& /*state*/) const { return false; }
  /// At a packet boundary, when has_outgoing(): injects the agent's next packet with
  /// NodeAgentContext::send_flit or start_packet; false if no VC could take it (a credit
  /// resumes injection).
  virtual bool inject(NodeAgentContext& /*node*/, AlgorithmState& /*state*/) const { return false; }
  /// At the end of the run (NodeLp::on_finish): may emit the agent's own records.
  virtual void on_finish(NodeId /*self*/, const AlgorithmState& /*state*/,
                         pdes::CommitContext& /*ctx*/) const {}
};

}  // namespace net
