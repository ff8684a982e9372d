// SPDX-License-Identifier: Apache-2.0
//
// DragonflyMinimalRouting (`dragonfly_minimal`): the minimal routing of the dragonfly, local -
// global - local (Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly
// Topology", ISCA 2008, §4.1 "MIN"): a packet crosses at most one global link, the one (or, with
// fewer than a·h + 1 groups, one of the parallel ones) joining its source and destination
// groups: a local hop to the router that holds it, the global hop, a local hop to the
// destination router. At most 3 router-to-router hops. Where parallel links leave a choice, all
// first hops of the fewest-hop paths are offered (Dragonfly::minimal_route_ports) and the
// selection function picks.
//
// VC classes (2), from Kim et al. §4.1: a local hop in the source group takes class 0, the global
// hop class 0, a local hop in the destination group class 1. Deadlock freedom (Dally and Seitz's
// acyclic channel dependency graph): order the channels local/0 < global/0 < local/1; every
// packet takes them in strictly increasing order (one local hop per group), so no dependency
// leads back. tests/models/network/routing/test_dragonfly_routing.cpp builds the graph and checks it.
//
// Topology: dragonfly only (a ConfigError naming network.routing otherwise).
#pragma once

#include <string_view>

#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/dragonfly.hpp"

namespace net {

class DragonflyMinimalRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "dragonfly_minimal";
  static constexpr std::uint32_t kSourceLocalClass = 0;
  static constexpr std::uint32_t kGlobalClass = 0;
  static constexpr std::uint32_t kDestinationLocalClass = 1;

  /// Throws pdes::ConfigError("network.routing") unless the topology is a dragonfly.
  explicit DragonflyMinimalRouting(const Topology& topology);

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return 2; }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

 private:
  const Dragonfly& dragonfly_;
};

/// The topology as a dragonfly, or a ConfigError("network.routing") naming `routing` and the
/// topology. For the dragonfly routings.
const Dragonfly& require_dragonfly(const Topology& topology, std::string_view routing);

}  // namespace net
