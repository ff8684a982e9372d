// SPDX-License-Identifier: Apache-2.0
//
// Supernode: a region of routers around a central router, the source (MeSA) or destination
// (MeGA) area of DRB (Franco, Garcés, Luque, ICS'99, Definition 1 in §2).
//
// S(type, size, N0) is the set of routers N_i that have the property of `type` and lie within
// Distance(N_i, N0) <= size. Two types:
// - Gravity Area: every router within `size` hops of the centre (breadth-first search on the
//   router graph, GraphDistance::within, so it works on any topology, regular or not). size 0 is
//   the minor canonical supernode {N0}; size = diameter is the whole network (major canonical).
//   On a k >= 5 2D torus size 1 has 5 routers and size 2 has 13; on a binary n-cube size 1 has
//   n + 1.
// - Subtopology: a j-ary m-cube (k-ary m-tree on a fat tree) around the centre, see
//   subtopology.hpp; `size` is the radix j and the spec's `dims` is m.
//
// "Nodes" of the paper are routers here (Definition 0: "each node is a router"): members() are
// router ids, and the intermediate destinations X, Y of a multi-step path are routers. With
// concentration > 1 all nodes of a router share its supernode.
//
// Who uses it: MspCandidates builds the source and the destination supernode once per run;
// members() is const and pure (no state, no randomness). Cost: O(routers + links) per call for
// Gravity Area, O(size of the result) for Subtopology; callers that need many should cache.
//
//   Supernode area(topology, {SupernodeKind::kGravityArea, 1, 0}, "drb.source_size");
//   std::vector<RouterId> mesa = area.members(topology.router_of_node(source));
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/subtopology.hpp"
#include "models/network/topology/topology.hpp"

namespace net::drb {

class Supernode {
 public:
  /// Checks the shape against the topology. Throws pdes::ConfigError naming `size_key` for a
  /// supernode larger than the network (Gravity Area radius > diameter; Subtopology radix larger
  /// than a dimension's), and the Subtopology errors of subtopology.hpp.
  Supernode(const Topology& topology, SupernodeSpec spec, std::string_view size_key);

  /// The routers of the supernode centred on `centre`, ascending, the centre included.
  std::vector<RouterId> members(RouterId centre) const;

  /// True if every supernode of this shape is its centre alone (the minor canonical form): then
  /// the MSP step into (or out of) it is always null.
  bool minor_canonical() const;

  const SupernodeSpec& spec() const { return spec_; }

 private:
  const Topology& topology_;
  SupernodeSpec spec_;
  std::optional<Subtopology> subtopology_;
};

}  // namespace net::drb
