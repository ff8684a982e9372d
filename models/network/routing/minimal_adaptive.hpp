// SPDX-License-Identifier: Apache-2.0
//
// MinimalAdaptiveRouting: fully adaptive minimal routing with a dimension-order escape channel
// (Duato, "A new theory of deadlock-free adaptive routing in wormhole networks", IEEE TPDS 1993;
// Duato et al. 2003, §4.4; BookSim2's min_adapt_mesh / min_adapt_torus).
//
// VC classes: the escape classes of dimension order first (1 on meshes and hypercubes; 2 on tori,
// split at the datelines), then one adaptive class. At every router the head is offered:
//   level 0: every minimal port (Topology::minimal_ports), in the adaptive class;
//   level 1: the dimension-order port, in its escape class.
// The router takes an adaptive VC when one is free, the one with the most credits (the
// selection function "most free buffers"); otherwise the escape VC. A head on an escape VC may
// return to adaptive VCs at the next router (Duato's condition only needs the escape
// subnetwork to be connected and acyclic, and reachable from every adaptive channel).
//
// A head entering the escape subnetwork starts in dateline class 0 unless it arrived on an
// escape VC of class 1 in the same ring (dimension_order.hpp): on a torus a minimal route
// crosses each ring's wrap link at most once, so class-0 escape channels never close a cycle.
//
// Ties between equally free adaptive ports are broken by the list order, which is rotated by
// a hash of the packet identity so that no direction is systematically preferred.
#pragma once

#include "models/network/routing/dimension_order.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class MinimalAdaptiveRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "minimal_adaptive";

  /// Throws pdes::ConfigError("network.routing") unless mesh, torus or hypercube.
  /// `tie`: network.torus_tie for the dimension-order escape channel.
  explicit MinimalAdaptiveRouting(const Topology& topology, TorusTie tie = TorusTie::kPlus);

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return escape_.vc_classes() + 1; }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

 private:
  const Topology& topology_;
  DimensionOrderRouting escape_;
};

}  // namespace net
