// SPDX-License-Identifier: Apache-2.0
//
// MspTransport: how a topology carries DRB's multi-step paths through the routers — what the
// source writes into the header for a chosen MSP, how routers route data heads phase by phase,
// which VC classes that needs, and the static routing that canonical-only DRB and the ACKs use.
// DrbRouting owns one and stays free of topology specifics; so can PR-DRB.
//
// Two implementations, chosen by make_msp_transport from the topology:
//   - DimensionOrderTransport (mesh, torus, hypercube): X and Y are nodes on routers, each step
//     by dimension order, one VC class set per phase (PhasedDimensionOrder); the header's vias
//     are node ids.
//   - DragonflyTransport: X is a router of an intermediate group, Y = D; Valiant's classes; the
//     header's via is a router id.
//   - FatTreeTransport (k-ary n-tree): X is a nearest common ancestor switch, the route is
//     up*/down*, one VC class set; the header's via is a router id.
//
// Contracts: every method is const and pure (route() may only advance the header's phase); it
// runs again on every allocation pass and after rollbacks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "models/network/event/flit.hpp"
#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/drb_source.hpp"
#include "models/network/routing/multi_phase_header.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/routing/torus_tie.hpp"
#include "models/network/topology/topology.hpp"

namespace net::drb {

class MspTransport {
 public:
  virtual ~MspTransport() = default;

  /// The static routing: canonical-only DRB routes with it (bit for bit), and ACKs route with
  /// it in their own classes.
  virtual const RoutingAlgorithm& base() const = 0;
  /// VC classes the data packets of every MSP need for deadlock freedom.
  virtual std::uint32_t data_classes() const = 0;
  /// Writes the non-null intermediates of `choice` (for a packet from node `self` to node
  /// `destination`) into `h.via` / `h.vias`; phase, path and tag are the caller's.
  virtual void write_route(NodeId self, NodeId destination, const MspChoice& choice,
                           MultiPhaseHeader& h) const = 0;
  /// Candidates for a data head (classes 0 .. data_classes()-1); may advance its phase.
  virtual void route(const RouteInput& at, Flit& head, RouteCandidates& out) const = 0;
  /// VC classes that ACKs crossing the network need beyond the data classes: base()'s classes
  /// with drb.ack_vcs = reserved, none with shared (ACKs travel in the data classes).
  virtual std::uint32_t ack_classes() const = 0;
  /// Candidates for an ACK: base()'s route, in the classes after the data classes (reserved)
  /// or in the data classes (shared).
  virtual void route_ack(const RouteInput& at, const Flit& ack, RouteCandidates& out) const = 0;
  /// Router hops of the head's whole route (S -> X -> Y -> D).
  virtual std::uint32_t route_hops(NodeId src, const Flit& head) const = 0;

 protected:
  /// route_ack for a transport whose ACKs take base()'s route: base()'s candidates, their
  /// classes shifted past the data classes unless the ACKs share them (`shared`).
  void route_ack_by_base(const RouteInput& at, const Flit& ack, bool shared,
                         RouteCandidates& out) const;
};

/// On a topology where DRB's alternatives come from the topology itself rather than from
/// supernodes (fat tree, dragonfly): throws pdes::ConfigError naming the first of
/// drb.supernode, drb.source_size, drb.destination_size, drb.subtopology_dims set away from its
/// default. `why` says why the key is not used there and ends so that the default follows.
void reject_supernode_keys(const DrbParams& p, const std::string& why);

/// The transport of `topology`: FatTreeTransport on a fat tree, DragonflyTransport on a
/// dragonfly, DimensionOrderTransport
/// elsewhere. Throws pdes::ConfigError naming the key: network.routing on a topology without
/// dimension order or NCA routing, drb.* for options the topology cannot honour.
/// `tie`: network.torus_tie for the dimension-order transports.
std::unique_ptr<MspTransport> make_msp_transport(const Topology& topology,
                                                 const DrbParams& params, TorusTie tie);

}  // namespace net::drb
