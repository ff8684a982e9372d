// SPDX-License-Identifier: Apache-2.0
//
// Msp: one multi-step path S -> X -> Y -> D of DRB (Franco, Garcés, Luque, ICS'99, Definition 2
// in §2), named by its two intermediate destinations.
//
//   MSP = P1(S, X) . P2(X, Y) . P3(Y, D)
//
// X lies in the source supernode (MeSA), Y in the destination supernode (MeGA); each step is
// routed by the network's minimal static routing (DOR, e-cube). A step is null when its ends
// coincide (X == S, Y == X, or Y == D); the canonical MSP is X = S, Y = D, i.e. the static path.
// X and Y are router ids (supernode.hpp).
//
// Length, eq. [2] with eq. [1] (static minimal routing, so each step's length is the distance):
//   Length(MSP) = Distance(S, X) + Distance(X, Y) + Distance(Y, D)
//
// Msp is trivially copyable and lives in rollback-safe LP state (Metapath); router ids are stored
// in 32 bits (a topology has at most 2^32 routers).
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "models/network/topology/topology.hpp"

namespace net::drb {

struct Msp {
  std::uint32_t x = 0;       ///< end of step 1, in the source supernode
  std::uint32_t y = 0;       ///< end of step 2, in the destination supernode
  std::uint32_t length = 0;  ///< router hops, eq. [2]
  bool operator==(const Msp&) const = default;
};
static_assert(std::is_trivially_copyable_v<Msp>);

/// The MSP through x and y between routers `source` and `destination`, with its length (eq. [2]).
Msp make_msp(const Topology& topology, RouterId source, RouterId x, RouterId y,
             RouterId destination);

/// The canonical MSP: x = source, y = destination, length = Distance(source, destination).
Msp canonical_msp(const Topology& topology, RouterId source, RouterId destination);

/// The routers the MSP visits, source first and destination last, when every step follows the
/// first minimal port of the topology at each hop (Topology::minimal_ports(...)[0]: exactly
/// dimension-order routing on a mesh, torus or hypercube, DimensionOrderRouting; on a fat tree the
/// leftmost up port). Has length + 1 entries. Used to tell apart MSPs that take the same links.
std::vector<RouterId> msp_routers(const Topology& topology, RouterId source, const Msp& msp,
                                  RouterId destination);

}  // namespace net::drb
