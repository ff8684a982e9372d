// SPDX-License-Identifier: Apache-2.0
//
// SourceRouting: the part of a routing algorithm that runs at the source node and learns from
// feedback — DRB's metapaths (seed000 §3), and later PR-DRB's solution database (seed004 §3).
// RoutingAlgorithm::prepare() is stateless; an algorithm that keeps per-source state implements
// this interface as well and returns itself from RoutingAlgorithm::source_routing().
//
// Who calls what (NodeLp, from its const handlers):
//   - prepare(self, head, state, rng) when a data packet's head is about to be injected: writes
//     the routing header (path, via, vias, phase, width) from the source's state;
//   - acks(): whether, and how, destinations acknowledge delivered data packets;
//   - make_ack(tail, ack) at the destination, for each data packet's tail: the feedback that
//     the ACK carries back (in its header, Flit::route);
//   - on_ack(self, ack, state) when an ACK reaches the source (through the network or the ideal
//     side channel); `ack.src` is the data packet's destination.
//
// Rollback safety (STYLE R3): all mutable state is SourceRoutingState, a regular value type
// that is a member of NodeState; the SourceRouting object itself is immutable and shared.
#pragma once

#include <cstdint>

#include "models/network/event/flit.hpp"
#include "models/network/routing/ack_delivery.hpp"
#include "models/network/routing/drb/metapath_table.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/rng.hpp"

namespace net {

/// The per-source state of source routings, kept in NodeState.
struct SourceRoutingState {
  drb::MetapathTable metapaths;  ///< DRB: one metapath per expanded destination
  bool operator==(const SourceRoutingState&) const = default;
};

class SourceRouting {
 public:
  virtual ~SourceRouting() = default;

  /// Writes the routing header of a data head about to leave node `self`.
  virtual void prepare(NodeId self, Flit& head, SourceRoutingState& state,
                       pdes::Rng& rng) const = 0;
  /// How destinations acknowledge data packets (kNone: not at all).
  virtual AckDelivery acks() const = 0;
  /// Writes into `ack`'s header (Flit::route) the feedback about data packet `tail` that the
  /// destination returns (called at the destination, for each data tail when acks() != kNone).
  virtual void make_ack(const Flit& tail, Flit& ack) const = 0;
  /// Feedback of one data packet that `self` sent, carried by `ack`.
  virtual void on_ack(NodeId self, const Flit& ack, SourceRoutingState& state) const = 0;
};

}  // namespace net
