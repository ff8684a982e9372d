// SPDX-License-Identifier: Apache-2.0
//
// GraphDistance: hop distances between routers found by breadth-first search on the router
// graph of any Topology (network ports only), independent of its closed-form distance().
//
// Who uses it: supernodes of seed 000's routing balancing (its Definition 1) need "all nodes within
// distance `size` of a centre" on any topology, including ones without a closed form; tests use
// it as the oracle for Topology::distance(). Two forms:
// - per source, on demand: from_source() (O(routers + links) time, 2 bytes per router) and
//   within() (a bounded BFS that stops at the radius);
// - all pairs, eagerly: the constructor fills a routers x routers matrix of uint16 (16 MiB for
//   4096 routers; the constructor refuses more than `max_routers` routers, default 8192 =
//   128 MiB, with pdes::ResourceError).
//
//   GraphDistance all(topology);                      // immutable afterwards, share it const
//   std::uint16_t d = all.distance(a, b);
//   std::vector<RouterId> area = GraphDistance::within(topology, centre, 2);  // Gravity Area
//
// Unreachable routers have distance kUnreachable (none in the supplied topologies).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "models/network/topology/topology.hpp"

namespace net {

class GraphDistance {
 public:
  static constexpr std::uint16_t kUnreachable = 0xFFFF;
  static constexpr std::uint64_t kDefaultMaxRouters = 8192;

  /// BFS distances from `source` to every router (index = router id). A path of 65535 hops or
  /// more is an error (pdes::ResourceError).
  static std::vector<std::uint16_t> from_source(const Topology& topology, RouterId source);

  /// Routers at distance <= radius from `centre` (the centre included), ascending by id.
  static std::vector<RouterId> within(const Topology& topology, RouterId centre,
                                      std::uint32_t radius);

  /// All-pairs distances. Throws pdes::ResourceError if the topology has more than max_routers
  /// routers.
  explicit GraphDistance(const Topology& topology, std::uint64_t max_routers = kDefaultMaxRouters);

  std::uint64_t num_routers() const { return num_routers_; }
  std::uint16_t distance(RouterId a, RouterId b) const;

  /// Distances from `source` to every router.
  std::span<const std::uint16_t> row(RouterId source) const;

  /// Largest finite distance.
  std::uint32_t diameter() const;

 private:
  std::uint64_t num_routers_;
  std::vector<std::uint16_t> matrix_;  // row-major: matrix_[a * num_routers_ + b]
};

}  // namespace net
