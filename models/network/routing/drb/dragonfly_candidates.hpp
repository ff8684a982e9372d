// SPDX-License-Identifier: Apache-2.0
//
// DragonflyCandidates: DRB's candidate multi-step paths on a dragonfly (docs/dragonfly.md, "DRB
// and PR-DRB on the dragonfly"). Between routers S (group Gs) and D (group Gd != Gs) an MSP is
// S -> X -> D with X a router of an intermediate group Gi (not Gs, not Gd): the router of Gi at
// which the route "minimal into Gi" from S lands (the first fewest-hop port at each hop), so
// step 1 crosses one global link and step 2 is the minimal route from X. The thesis's third
// step (Y in the destination supernode) is null, Y = D: with g = a·h + 1 a single global link
// joins Gi to Gd, so another Y would add no path (Franco, Garcés and Luque, ICS'99, Definition 2
// in §2, with the source supernode read as the source group and the destination supernode as
// the destination group).
//
// Order (a pure function of the pair and the limit, so ACKs name their MSP by index):
//   0. the canonical MSP, X = S: the minimal route (its length is the graph distance, as for
//      every topology: canonical_msp);
//   1.. then one MSP per intermediate group, by length, then by a SplitMix64 hash of (S, D, Gi),
//      then by Gi. The hash is used whatever drb.candidate_tie says: in the id order every
//      source of a group would open the same low-numbered groups first and load their global
//      links together, which is the imbalance DRB exists to avoid.
// A pair inside one group has only the canonical MSP (its local link is the only minimal path).
// Every candidate takes a different global link out of Gs, so all are distinct.
//
// Who uses it: MspCandidates::between_nodes on a dragonfly; const and pure.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/routing/drb/msp.hpp"
#include "models/network/topology/dragonfly.hpp"

namespace net::drb {

class DragonflyCandidates {
 public:
  explicit DragonflyCandidates(const Dragonfly& dragonfly) : dragonfly_(dragonfly) {}

  /// The first `limit` (>= 1) candidates from node `source` to node `destination`.
  std::vector<Msp> generate(NodeId source, NodeId destination, std::uint32_t limit) const;

  /// The router where the route from `source` into group `via` lands, and its router hops.
  struct Landing {
    RouterId router;
    std::uint32_t hops;
  };
  Landing landing(RouterId source, std::uint64_t via) const;

 private:
  const Dragonfly& dragonfly_;
};

}  // namespace net::drb
