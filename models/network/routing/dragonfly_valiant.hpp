// SPDX-License-Identifier: Apache-2.0
//
// DragonflyValiantRouting (`dragonfly_valiant`): Valiant's randomised routing at the level of
// groups (Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly Topology",
// ISCA 2008, §4.1 "VAL"; after Valiant and Brebner, "Universal schemes for parallel
// communication", STOC 1981): the source draws an intermediate group uniformly among the g
// groups; the packet travels minimally (local - global) into that group, then minimally (local -
// global - local) to its destination: at most 5 hops and two global links. It turns any
// group-level permutation, group shift included, into uniform load on the global links, at the
// price of twice the global hops.
//
// An intermediate equal to the source or destination group makes the route minimal (probability
// 2/g; kept, as routing/valiant.hpp keeps intermediates on the source's or destination's router).
// Packets within one group go minimally (one local hop): leaving the group cannot help them.
//
// VC classes (3), one more per global hop taken (Kim et al. §4.1): a hop takes the class equal to
// the number of global links the packet has crossed so far — local/0 in the source group,
// global/0, local/1 in the intermediate group, global/1, local/2 in the destination group (a
// minimal route, with no intermediate, takes local/1 in its destination group). Deadlock freedom:
// every packet takes the channels in strictly increasing order of local/0 < global/0 < local/1 <
// global/1 < local/2, at most one local hop per group, so the channel dependency graph is acyclic
// (tests/models/network/routing/test_dragonfly_routing.cpp builds it).
//
// Header (Flit::route): the intermediate group + 1, 0 for none. Dragonflies only.
#pragma once

#include <cstdint>
#include <string_view>

#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/dragonfly.hpp"

namespace net {

/// Flit::route of dragonfly_valiant: padding-free, zero = no intermediate group.
struct DragonflyValiantHeader {
  std::uint32_t intermediate_plus_one = 0;
};

class DragonflyValiantRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "dragonfly_valiant";

  /// Throws pdes::ConfigError("network.routing") unless the topology is a dragonfly.
  explicit DragonflyValiantRouting(const Topology& topology);

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return 3; }
  void prepare(Flit& head, pdes::Rng& rng) const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

 private:
  const Dragonfly& dragonfly_;
};

}  // namespace net
