// SPDX-License-Identifier: Apache-2.0
//
// MspCandidates: the ordered list of multi-step paths a metapath may use between two routers
// (Franco, Garcés, Luque, ICS'99, Definitions 2-3 in §2).
//
// The metapath P*(MeSA, MeGA) of Definition 3 is every MSP S -> X -> Y -> D with X in the source
// supernode and Y in the destination supernode: l * k of them (eq. [5]). DRB opens them a few at
// a time (§4 uses "three Multi-Step Paths, which included the original and two additional
// paths"), so it needs an order. The paper does not give one [OURS, after the PR-DRB thesis,
// seed 004 §3.2.3 and §3.2.6, "shortest paths are selected"]:
//
//   1. the canonical MSP (X = S, Y = D: the static path) first;
//   2. then by Length(MSP), eq. [2], ascending: least path lengthening first (design objective 2
//      of §2);
//   3. ties by (X, Y) ascending router id (drb.candidate_tie = router_id; stable and independent
//      of the platform), or by a SplitMix64 hash of (S, D, X, Y) (hashed). The id order prefers
//      the lower-numbered neighbours, which on a torus are the - neighbours except at the wrap
//      coordinate 0, where they are the + ones: positions are treated unevenly. The hash order
//      treats them alike on average (issue 15; docs/reproduction/drb.md, targets 2-3).
//
// With drb.distinct_paths (default), a candidate whose router sequence (msp_routers) equals an
// earlier one's is dropped: e.g. X one hop along the static path gives the static path again and
// would add no bandwidth. Valiant routing keeps duplicates (drb.distinct_paths = false).
//
// A pair on one router (S = D) has only the canonical MSP: there is no network path to balance.
//
// Fat trees: DrbSource asks between_nodes(), which on a k-ary n-tree gives the nearest-common-
// ancestor family instead (nca_candidates.hpp): there the static route depends on the
// destination node, not only on its leaf, and the alternatives are the other NCAs. generate()
// keeps the supernode family on every topology.
//
// Dragonflies: between_nodes() gives the intermediate-group family instead
// (dragonfly_candidates.hpp).
//
// Who uses it: DrbSource, when a metapath is created (once per expansion of a source-destination
// pair); generate() is const and pure. Cost: O(l k log(l k)) for the sort, plus one route walk
// per inspected candidate with distinct_paths.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "models/network/routing/drb/dragonfly_candidates.hpp"
#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/msp.hpp"
#include "models/network/routing/drb/nca_candidates.hpp"
#include "models/network/routing/drb/supernode.hpp"
#include "models/network/topology/topology.hpp"

namespace net::drb {

class MspCandidates {
 public:
  /// Builds the two supernode shapes; throws pdes::ConfigError as DrbParams::validate(topology).
  MspCandidates(const Topology& topology, const DrbParams& params);

  /// The first `limit` (>= 1) candidates from router `source` to router `destination`, in the
  /// order above; fewer if the supernodes do not yield that many (distinct) MSPs. Element 0 is
  /// always the canonical MSP.
  std::vector<Msp> generate(RouterId source, RouterId destination, std::uint32_t limit) const;

  /// The candidates of the channel from node `source` to node `destination`, the list a
  /// metapath uses: the NCA family on a fat tree, generate() between their routers elsewhere.
  std::vector<Msp> between_nodes(NodeId source, NodeId destination, std::uint32_t limit) const;

  const Supernode& source_supernode() const { return source_; }
  const Supernode& destination_supernode() const { return destination_; }

 private:
  const Topology& topology_;
  bool distinct_paths_;
  CandidateTie tie_;
  Supernode source_;
  Supernode destination_;
  std::optional<NcaCandidates> nca_;  // fat trees only
  std::optional<DragonflyCandidates> dragonfly_;  // dragonflies only
};

}  // namespace net::drb
