// SPDX-License-Identifier: Apache-2.0
//
// DragonflyTransport: DRB's multi-step paths on a dragonfly (docs/dragonfly.md, "DRB and PR-DRB
// on the dragonfly"; candidates: dragonfly_candidates.hpp). An alternative MSP is S -> X -> D
// with X a router of an intermediate group Gi; the header carries X's *router id* in via[0], as
// on a fat tree. Phase 0 routes minimally into Gi (Dragonfly::route_ports_to_group: at most one
// local hop in the source group, then the global link); on entering Gi the head starts phase 1
// and routes minimally to D. The canonical MSP (no via) is the minimal route
// (DragonflyMinimalRouting), which is also base(): canonical-only DRB equals
// `dragonfly_minimal` bit for bit, and ACKs take it.
//
// VC classes — every MSP is a Valiant route through Gi, so the data packets take Valiant's
// three classes, the number of global links crossed so far:
//     local/0 < global/0 < local/1 < global/1 < local/2
// (the canonical MSP uses local/0, global/0, local/1 of that order). Every packet takes its
// channels in increasing order, so the channel dependency graph is acyclic (Dally and Seitz;
// tests/models/network/routing/drb/test_dragonfly_drb.cpp builds it over every MSP). ACKs are
// minimal routes: with drb.ack_vcs = reserved in two classes after the data classes
// (local/3 < global/3 < local/4), with shared in data classes 0 and 1 (a minimal route is a
// Valiant route with a null first step, and a sink always accepts an ACK: no protocol
// deadlock). Classes: 3, plus 2 with reserved ACKs.
//
// Options a dragonfly cannot honour are configuration errors naming the key: the supernode
// keys (the source and destination groups replace the supernodes), drb.distinct_paths = false
// (every intermediate group gives a distinct global link), drb.eject_at_intermediates = true
// (X is chosen as a router, not a node).
#pragma once

#include "models/network/routing/dragonfly_minimal.hpp"
#include "models/network/routing/drb/dragonfly_candidates.hpp"
#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/msp_transport.hpp"

namespace net::drb {

class DragonflyTransport final : public MspTransport {
 public:
  /// Throws pdes::ConfigError naming the drb.* key of an option listed above.
  DragonflyTransport(const Dragonfly& dragonfly, const DrbParams& params);

  const RoutingAlgorithm& base() const override { return minimal_; }
  std::uint32_t data_classes() const override { return 3; }
  void write_route(NodeId self, NodeId destination, const MspChoice& choice,
                   MultiPhaseHeader& h) const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  std::uint32_t ack_classes() const override { return shared_acks_ ? 0 : minimal_.vc_classes(); }
  void route_ack(const RouteInput& at, const Flit& ack, RouteCandidates& out) const override;
  std::uint32_t route_hops(NodeId src, const Flit& head) const override;

 private:
  const Dragonfly& dragonfly_;
  DragonflyMinimalRouting minimal_;
  DragonflyCandidates candidates_;
  bool shared_acks_;
};

}  // namespace net::drb
