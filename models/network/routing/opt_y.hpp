// SPDX-License-Identifier: Apache-2.0
//
// OptYRouting (`opt_y`): fully adaptive minimal wormhole routing for 2D meshes with the y
// channels doubled, after Schwiebert & Jayasimha, "Optimal fully adaptive minimal wormhole
// routing for meshes", JPDC 27(1):56-70, 1995 (seed 002's ref. [1]).
//
// What the paper fixes (its abstract): 4n - 2 virtual channels on an n-dimensional mesh — for
// 2D one channel each way in x and two each way in y — and the fewest restrictions on their use.
// Its channel-dependency rules could not be consulted (docs/reproduction/speculative.md); this
// class implements the rule derived below, which has the same channels and is deadlock-free by
// Dally & Seitz's acyclic channel dependency graph, and documents it instead of claiming it.
//
// The two subnetworks (VC classes; the router splits router.vcs evenly between them):
//   class 1, "A" (eastern):  +x channels and the y channels of class 1 ("y2")
//   class 0, "B" (western):  -x channels and the y channels of class 0 ("y1")
// Rules, for a head whose destination is dx columns and dy rows away:
//   - dx > 0: +x and, if dy != 0, its y port in class A (it never may leave A: it must still
//     go east, and nothing in B leads east);
//   - dx < 0: -x and, if dy != 0, its y port in class B; while it has not yet entered B
//     (arrived over -x or on a class-B y channel) also its y port in class A;
//   - dx = 0: its y port in class B, and in class A too while it has not entered B.
// So a head moves from A to B at any router, never back. Why that is deadlock-free: a
// dependency between two channels is a turn of one packet, and a cycle of dependencies is a
// closed walk in the plane. Inside A every packet moves east, north or south, never west, so
// no walk in A closes; likewise in B (never east); and no dependency leads from B to A. Every
// minimal path is allowed (full adaptivity): the x direction in its subnetwork, the y direction
// in at least one class at every router.
//
// Two channel layouts (opt_y.vc_layout, opt_y_config.hpp):
//   "shared" (default, warpnet's first reading): an x port offers both classes, so an x hop may
//     use all of router.vcs — the paper's "additional channels used with the fewest
//     restrictions" read as extra x channels; the y channels get half each.
//   "4n-2" (the paper's count: on a 2D mesh one channel each way in x, two each way in y): +x
//     only in class A and -x only in class B, so with router.vcs = 2 an x link has one usable
//     VC and a y link two. The rule above is unchanged; the layout only removes x candidates,
//     which removes dependencies, so the graph stays acyclic and every minimal port is offered.
// tests/models/network/routing/test_opt_y.cpp builds the channel dependency graph of an 8x8 mesh
// from route() and checks it is acyclic and that route() offers every minimal port.
//
// Candidates are listed x first, then y in class A, then y in class B (so `first` prefers x and
// keeps a packet in A, the larger choice, as long as it can). Limitations: 2D meshes only (a
// ConfigError naming network.routing otherwise); the n-D generalisation of the paper is not built.
#pragma once

#include <cstdint>
#include <string_view>

#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/routing/opt_y_layout.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class OptYRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "opt_y";
  static constexpr std::uint32_t kWestClass = 0;  ///< subnetwork B: -x, y1
  static constexpr std::uint32_t kEastClass = 1;  ///< subnetwork A: +x, y2

  /// Throws pdes::ConfigError("network.routing") unless the topology is a 2D mesh.
  explicit OptYRouting(const Topology& topology, OptYLayout layout = OptYLayout::kShared);

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return 2; }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

 private:
  // Mesh port numbering (mesh.hpp): 2d is +d, 2d+1 is -d.
  static constexpr PortId kEast = 0;
  static constexpr PortId kWest = 1;
  static constexpr PortId kNorth = 2;
  static constexpr PortId kSouth = 3;

  const Topology& topology_;
  OptYLayout layout_;
  std::uint32_t columns_;
};

}  // namespace net
