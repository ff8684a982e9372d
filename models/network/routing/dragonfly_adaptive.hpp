// SPDX-License-Identifier: Apache-2.0
//
// DragonflyAdaptiveRouting: the source-adaptive routings of the dragonfly, which choose per
// packet between the minimal route and Valiant's route through a random intermediate group
// (Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly Topology", ISCA
// 2008, §4.1, after Singh's UGAL, "Load-Balanced Routing in Interconnection Networks", Stanford
// PhD thesis 2005, ch. 5):
//
// - `ugal_local` (UGAL-L): the source router compares the minimal route's queue times its hops
//   with the non-minimal route's queue times its hops, and takes the minimal route iff
//       q_min * H_min <= q_nonmin * H_nonmin + ugal.threshold;
//   q is the queue (flits) of the first output port — the only queues the source router sees
//   (Kim et al.'s "local queue information"), H the router hops of each whole route. With
//   ugal.queue_estimate = "downstream" q is the occupancy of the port's downstream buffers
//   (credits not back); with "backlog" also the flits of the packets whose head waits for the
//   port in this router's input VCs (RouterView::output_queue).
// - `par` (progressive adaptive routing; Jiang, Kim and Dally, "Indirect adaptive routing on
//   large scale interconnection networks", ISCA 2009, §4): UGAL-L at the source router, and a
//   packet that chose the minimal route and took a local hop in its source group decides again,
//   at that router, with that router's queues — it now sees the queue of the global link the
//   minimal route needs. A packet may so take two local hops in its source group.
//
// The intermediate group is drawn at the source, uniformly among the g groups (as
// dragonfly_valiant); one equal to the source or destination group, and packets inside one
// group, leave no choice: minimal. The decision is written to the header (DragonflyAdaptiveHeader)
// on every allocation pass until the head moves, so routers downstream follow the choice made.
//
// VC classes. ugal_local (3): as dragonfly_valiant, a hop's class is the number of global links
// crossed so far (local/0 < global/0 < local/1 < global/1 < local/2). par (4): the second local
// hop in the source group needs a class of its own, so local hops take class 0 (first in the
// source group), 1 (second in the source group), 2 (after one global link), 3 (after two), and
// global hops 0 and 1: local/0 < local/1 < global/0 < local/2 < global/1 < local/3. Every packet
// takes its channels in increasing order of that list, so the channel dependency graph is
// acyclic (tests/models/network/routing/test_dragonfly_adaptive.cpp builds it for both decisions at
// every decision point).
//
// Parameters: [ugal] threshold (flits, default 0; positive favours minimal routes) and
// queue_estimate (downstream or backlog; docs/dragonfly.md).
#pragma once

#include <cstdint>
#include <string_view>

#include "models/network/router/router_view.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/dragonfly.hpp"

namespace net {

/// Flit::route of ugal_local and par: padding-free, zero = no intermediate, minimal.
struct DragonflyAdaptiveHeader {
  std::uint32_t intermediate_plus_one = 0;  ///< drawn at the source; 0: no useful intermediate
  std::uint8_t nonminimal = 0;              ///< the source router's decision (1: via the group)
  std::uint8_t pad[3] = {0, 0, 0};
};

/// The [ugal] section, shared by ugal_local, par and ugal_global.
struct UgalParams {
  std::int64_t threshold = 0;  ///< flits; added to the non-minimal side of the comparison
  /// What q is (RouterView::output_queue): the downstream occupancy only, or that plus the
  /// packets waiting for the output in the router (ugal.queue_estimate).
  QueueEstimate queue_estimate = QueueEstimate::kBacklog;
};

class DragonflyAdaptiveRouting final : public RoutingAlgorithm {
 public:
  enum class Mode : std::uint8_t { kUgalLocal, kProgressive };

  /// Throws pdes::ConfigError("network.routing") unless the topology is a dragonfly.
  DragonflyAdaptiveRouting(const Topology& topology, Mode mode, UgalParams params,
                           std::uint32_t buffer_depth);

  std::string_view name() const override {
    return mode_ == Mode::kUgalLocal ? "ugal_local" : "par";
  }
  std::uint32_t vc_classes() const override { return mode_ == Mode::kUgalLocal ? 3 : 4; }
  void prepare(Flit& head, pdes::Rng& rng) const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

  /// Whether `at` is a point where the packet decides (the source router; for par also the
  /// router after a first local hop of a packet that chose the minimal route).
  bool decides_at(const RouteInput& at, const Flit& head) const;
  /// route() with the decision given instead of taken from the router's queues (tests walk
  /// both decisions). `minimal` is ignored where the packet does not decide.
  void route_given(const RouteInput& at, Flit& head, bool minimal, RouteCandidates& out) const;

 private:
  /// UGAL's comparison with the queues of `at.view` (minimal when no view is given).
  bool prefers_minimal(const RouteInput& at, RouterId destination, std::uint64_t via) const;
  /// Router hops of the non-minimal route from `here` through group `via` to `destination`.
  std::uint32_t nonminimal_hops(RouterId here, std::uint64_t via, RouterId destination) const;

  const Dragonfly& dragonfly_;
  Mode mode_;
  UgalParams params_;
  std::uint32_t buffer_depth_;
};

}  // namespace net
