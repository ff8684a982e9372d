// SPDX-License-Identifier: Apache-2.0
//
// FatTreeTransport: DRB's multi-step paths on a k-ary n-tree (docs/drb.md, "Fat trees";
// candidates: nca_candidates.hpp). An alternative MSP is S -> X -> D with X one of the pair's
// nearest common ancestors; the header carries X's *router id* in via[0] (switches have no
// nodes). A head climbs towards X, the up port at level l being the one that sets switch digit
// l to X's; at X it starts phase 1 and descends by the destination's unique down path. The
// canonical MSP (no via) is the static route, destination-mod-k (FatTreeNcaRouting
// deterministic), which is also base(): canonical-only DRB equals `nca_deterministic` bit for
// bit, and ACKs take it in their own class.
//
// Deadlock freedom by construction, with one data class set: X is a common ancestor of S and
// D, so every MSP is an up*/down* path — it never turns down-then-up — and up*/down* routing
// has an acyclic channel dependency graph (an up channel leads only to a higher up channel or
// to a down channel, a down channel only to a lower down channel). Per-phase sets
// (PhasedDimensionOrder) exist to break the cycles that the turn at X or Y creates in a direct
// network; here that turn does not exist, so phase 1 stays in the same set and the data
// packets keep every data VC. ACKs (drb.ack = network) take class 1, routed up*/down*, and a
// sink always accepts them: no dependency between the classes, so no protocol deadlock.
// Classes: 1, or 2 with network ACKs.
//
// Options a fat tree cannot honour are configuration errors that name the key:
// drb.eject_at_intermediates = true (an NCA switch has no node to eject to), the supernode keys
// (drb.supernode, drb.source_size, drb.destination_size, drb.subtopology_dims: the NCA set
// replaces the supernodes) at other than their defaults, drb.distinct_paths = false (the NCA
// paths are all distinct).
#pragma once

#include <vector>

#include "models/network/routing/drb/msp_transport.hpp"
#include "models/network/routing/fat_tree_nca.hpp"
#include "models/network/topology/fat_tree.hpp"

namespace net::drb {

class FatTreeTransport final : public MspTransport {
 public:
  /// Throws pdes::ConfigError naming the drb.* key of an option listed above.
  FatTreeTransport(const FatTree& tree, const DrbParams& params);

  const RoutingAlgorithm& base() const override { return nca_; }
  std::uint32_t data_classes() const override { return 1; }
  void write_route(NodeId self, NodeId destination, const MspChoice& choice,
                   MultiPhaseHeader& h) const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  /// Shared ACKs travel in the data class: their up*/down* routes add no dependency a data
  /// route does not have, and the sink always accepts them.
  std::uint32_t ack_classes() const override { return shared_acks_ ? 0 : nca_.vc_classes(); }
  void route_ack(const RouteInput& at, const Flit& ack, RouteCandidates& out) const override;
  std::uint32_t route_hops(NodeId src, const Flit& head) const override;

 private:
  const FatTree& tree_;
  FatTreeNcaRouting nca_;
  bool shared_acks_;
  std::vector<std::uint64_t> powers_;  // k^i, i = 0 .. n-1
};

}  // namespace net::drb
