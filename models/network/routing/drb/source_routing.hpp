// SPDX-License-Identifier: Apache-2.0
//
// SourceRouting: what a routing of the DRB family decides at the compute nodes — the path
// chosen for each data packet from per-source state (metapaths, solution databases) and the
// feedback that ACKs carry back to update that state. FeedbackAgent (feedback_agent.hpp), the
// family's NodeAgent, runs the node-side mechanics (the state in NodeState, ACKs, packets in
// transit) and asks this interface for the decisions; DrbRouting and PrDrbRouting implement it.
//
// Who calls what (FeedbackAgent, from NodeLp's const handlers):
//   - initial_state(self) once, in the node's on_init: the source's state (AlgorithmState);
//   - prepare(self, head, state, rng) when a data packet's head is about to be injected: writes
//     the routing header (Flit::route) from the source's state;
//   - acks(): whether, and how, destinations acknowledge delivered data packets;
//   - make_ack(tail, ack) at the destination, for each data packet's tail: the feedback that
//     the ACK carries back (in its header, Flit::route);
//   - on_ack(self, ack, now, state) when an ACK reaches the source (through the network or the
//     ideal side channel); `ack.src` is the data packet's destination.
//
// Rollback safety (CONTRIBUTING.md §3): all mutable state is the AlgorithmState that
// initial_state() returns, a regular value type kept inside the agent's state in NodeState; the
// SourceRouting object itself is immutable and shared.
#pragma once

#include <cstdint>

#include "models/network/event/control_message.hpp"
#include "models/network/event/flit.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/routing/drb/ack_delivery.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/context.hpp"
#include "pdes/rng.hpp"

namespace net::drb {

class SourceRouting {
 public:
  virtual ~SourceRouting() = default;

  /// The state of the source routing at node `self` before any packet.
  virtual AlgorithmState initial_state(NodeId self) const = 0;
  /// Writes the routing header of a data head about to leave node `self`.
  virtual void prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const = 0;
  /// How destinations acknowledge data packets (kNone: not at all).
  virtual AckDelivery acks() const = 0;
  /// Writes into `ack`'s header (Flit::route) the feedback about data packet `tail` that the
  /// destination returns (called at the destination, for each data tail when acks() != kNone).
  virtual void make_ack(const Flit& tail, Flit& ack) const = 0;
  /// Whether destination `self` acknowledges data packet `tail` at all (when acks() != kNone).
  /// Default: every packet. An algorithm may skip packets whose feedback can change nothing.
  virtual bool acknowledges(NodeId /*self*/, const Flit& /*tail*/) const { return true; }
  /// Feedback of one data packet that `self` sent, carried by `ack`, arriving at time `now`
  /// (ticks).
  virtual void on_ack(NodeId self, const Flit& ack, std::int64_t now,
                      AlgorithmState& state) const = 0;
  /// A control message for node `self` at time `now` (ticks), in band or through the ideal side
  /// channel (router/router_control.hpp), e.g. a congestion notification from a router.
  /// Default: none is expected (a model error).
  virtual void on_control(NodeId self, const ControlMessage& message, std::int64_t now,
                          AlgorithmState& state) const;
  /// At the end of the run (NodeLp::on_finish, through the agent): may emit the source's own
  /// records (its counters, for the routing's ResultsExtension). Default: none.
  virtual void on_finish(NodeId /*self*/, const AlgorithmState& /*state*/,
                         pdes::CommitContext& /*ctx*/) const {}
};

}  // namespace net::drb
