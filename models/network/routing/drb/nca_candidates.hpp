// SPDX-License-Identifier: Apache-2.0
//
// NcaCandidates: DRB's candidate multi-step paths on a k-ary n-tree (docs/drb.md, "Fat trees").
//
// In a k-ary n-tree the minimal paths between two leaves are exactly the up*/down* paths
// through their nearest common ancestors (NCAs): the k^L switches of level L = nca_level(S, D)
// that are ancestors of both (PR-DRB thesis 004 §2.1.5, §3.2.3: "go up adaptively to one of
// the NCAs, then down deterministically"; from a given NCA both the way up and the way down
// are unique). These k^L paths are the natural alternatives of a pair, so an MSP here is
// S -> X -> D with X an NCA switch and Y = D (a null third step) [OURS: the thesis does not say
// how IN1/IN2 are chosen on a fat tree, seed 004 §3.2.3; it bounds the
// metapath at 4 paths in its fat-tree experiments, §4.6.3, which is drb.max_width = 4].
//
// Order (a pure function of the source and destination *nodes* and the limit, so ACKs name
// their MSP):
//   0. the canonical MSP, X = S: the static route, destination-mod-k (FatTreeNcaRouting
//      deterministic), whose NCA has up-port digits c_l = t_l, the destination node's base-k
//      digits (t_0 = its port on the leaf);
//   j. then, for j = 1 .. k^L - 1, the NCA with digits x_l = (c_l + j_l) mod k, j_l the base-k
//      digits of j. Low j first changes the leaf's up port: those paths share no switch with
//      the canonical one except the two leaves (the level-1 switch on the way down keeps digit
//      x_0), so the first k - 1 alternatives are link-disjoint from the static path; later
//      ones share the leaf's up and down links.
// Every candidate has length 2L (all are minimal), so "shortest first" (004 §3.2.6) does not
// order them; disjointness does. A pair on one leaf has only the canonical MSP.
//
// Deadlock freedom: every candidate is an up*/down* path (no down-then-up turn at X: X is a
// common ancestor, reached going up and left going down), so the data packets of all MSPs
// stay inside the acyclic channel dependency graph of up*/down* routing and need one VC
// class set, not one per phase (fat_tree_transport.hpp).
//
// Who uses it: MspCandidates::between_nodes on a fat tree; const and pure.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/routing/drb/msp.hpp"
#include "models/network/topology/fat_tree.hpp"

namespace net::drb {

class NcaCandidates {
 public:
  explicit NcaCandidates(const FatTree& tree);

  /// The first `limit` (>= 1) candidates from node `source` to node `destination`, in the
  /// order above; element 0 is the canonical MSP (x = source leaf, y = destination leaf).
  std::vector<Msp> generate(NodeId source, NodeId destination, std::uint32_t limit) const;

  /// The NCA switch of candidate `j` (>= 1) of the pair; j < k^nca_level.
  RouterId nca(NodeId source, NodeId destination, std::uint32_t j) const;

 private:
  std::uint32_t digit(std::uint64_t value, std::uint32_t i) const {
    return static_cast<std::uint32_t>((value / powers_[i]) % tree_.arity());
  }

  const FatTree& tree_;
  std::vector<std::uint64_t> powers_;  // k^i, i = 0 .. n
};

}  // namespace net::drb
