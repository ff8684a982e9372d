// SPDX-License-Identifier: Apache-2.0
//
// TrafficContext: what a traffic pattern may know about the network: the node count, for
// digit patterns the mixed-radix structure of the router ids and the concentration, and for
// group patterns (group_shift) the groups of a dragonfly.
//
// Node ids are laid out as in every direct topology: node = router * concentration + local, and
// router = sum_d c_d * k_0 * ... * k_{d-1} (dimension 0 fastest). Patterns are built from a
// context rather than a Topology so that they can be tested, and reused, without a network.
//
//   TrafficContext ctx = TrafficContext::of(topology);
//   TrafficContext bare = TrafficContext::nodes_only(64);  // enough for bit and random patterns
#pragma once

#include <cstdint>
#include <vector>

namespace net {

class Topology;

struct TrafficContext {
  std::uint64_t num_nodes = 0;
  /// Radix of each router dimension (dimension 0 first), empty if the topology has none.
  std::vector<std::uint32_t> radices;
  /// Nodes per router (meaningful with radices).
  std::uint32_t concentration = 1;
  /// Groups of a hierarchical topology (Topology::groups(), a dragonfly's), 0 if it has none;
  /// group G holds the nodes G * nodes_per_group .. (G + 1) * nodes_per_group - 1.
  std::uint64_t groups = 0;
  std::uint64_t nodes_per_group = 0;

  static TrafficContext of(const Topology& topology);

  /// A context without router coordinates (digit patterns will refuse it).
  static TrafficContext nodes_only(std::uint64_t num_nodes) { return {num_nodes, {}, 1, 0, 0}; }
};

}  // namespace net
