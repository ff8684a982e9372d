// SPDX-License-Identifier: Apache-2.0
//
// ValiantRouting: randomised two-phase routing (Valiant & Brebner, "Universal schemes for
// parallel communication", STOC 1981; Dally & Towles 2004, §14.2). Each packet first travels
// to an intermediate node chosen uniformly at random among all nodes, then to its destination,
// each phase by dimension order. It balances any permutation at the price of doubling the mean
// path length: the worst case of a traffic pattern becomes the average case.
//
// The source draws the intermediate node in prepare() (from the node's random stream). An
// intermediate on the source's or the destination's router makes the route minimal; this is
// kept (the choice is uniform over all nodes, as in BookSim2's valiant_*).
//
// VC classes: two phases (phased_dimension_order.hpp): 2 on meshes and hypercubes, 4 on tori.
// Valiant is also the extreme case of balancing by multi-step paths (seed 000): a source supernode that is the whole network with
// uniform selection (seed 000 §5). Valiant's whole-network checks are in
// tests/models/network/routing/test_routing_algorithms.cpp.
#pragma once

#include <memory>

#include "models/network/routing/phased_dimension_order.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class ValiantRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "valiant";

  explicit ValiantRouting(const Topology& topology, TorusTie tie = TorusTie::kPlus);

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return phases_.vc_classes(); }
  void prepare(Flit& head, pdes::Rng& rng) const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override {
    phases_.route(at, head, out);
  }

 private:
  const Topology& topology_;
  PhasedDimensionOrder phases_;
};

}  // namespace net
