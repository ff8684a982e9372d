// SPDX-License-Identifier: Apache-2.0
//
// UgalGlobalRouting (`ugal_global`, UGAL-G): the idealised global-knowledge variant of UGAL on
// the dragonfly (Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly
// Topology", ISCA 2008, §4.1). The source router decides per packet between the minimal route
// and Valiant's route through a random intermediate group, like ugal_local, but it compares the
// queues of the *global channels* each route takes out of the source group, wherever in the
// group they are — the channel that really decides between the two routes:
//     minimal iff q_gmin * H_min <= q_gnon * H_nonmin + ugal.threshold,
// q_g the queue of the least queued global link from the source group to the destination
// group (resp. to the intermediate group), H the router hops of each route. A link's queue is
// RouterView::output_queue at the router that holds it: the flits in its downstream buffer
// (ugal.queue_estimate = "downstream"), or those plus the flits of the packets whose head
// waits for the link in that router ("backlog"): a busy link's downstream buffer drains as fast
// as it fills, and the backlog in front of it shows only in the router's input VCs.
//
// An oracle. A router cannot see the queues of the other routers of its group in a real
// network, and in warpnet it cannot either: they are other LPs' states. UGAL-G therefore reads
// a GlobalQueueBoard — a table of every global link's occupancy that each router's monitor
// writes when it handles an event (and, while its global queues are not empty, once per cycle
// on a timer, so that returning credits are seen within a cycle). The board is a side channel
// outside every LP's state: exact on the sequential engine, which handles events in time order
// and never rolls back, and meaningless on the optimistic engine (other LPs may be ahead in
// time or roll back) — so the configuration refuses any engine but `sequential`
// (dragonfly_ugal_global_entry.cpp). A checkpoint does not hold the board either: a resumed
// run starts from an empty board, refreshed within a cycle.
//
// Routes and VC classes are ugal_local's (DragonflyAdaptiveRouting, 3 classes: local/0 <
// global/0 < local/1 < global/1 < local/2); only the decision differs.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "models/network/router/router_monitor.hpp"
#include "models/network/routing/dragonfly_adaptive.hpp"

namespace net {

/// The occupancy of every global link of the dragonfly, indexed router * h + k (global port k
/// of the router). Not LP state: valid only on the sequential engine (above).
class GlobalQueueBoard {
 public:
  GlobalQueueBoard(const Dragonfly& dragonfly, QueueEstimate estimate)
      : dragonfly_(dragonfly),
        estimate_(estimate),
        occupancy_(dragonfly.num_routers() * dragonfly.global_links_per_router(), 0) {}

  /// Copies the queue of `router`'s global outputs from its view (RouterView::output_queue);
  /// true iff any is non-zero.
  bool refresh(const RouterView& router) const;
  /// Flits queued at the global link `link` (< a·h) of `group`.
  std::uint32_t occupancy(std::uint64_t group, std::uint64_t link) const {
    return occupancy_[group * dragonfly_.routers_per_group() *
                          dragonfly_.global_links_per_router() +
                      link];
  }
  /// The least occupancy among the global links from group `from` to group `to` (!= from).
  std::uint32_t least_between(std::uint64_t from, std::uint64_t to) const;

 private:
  const Dragonfly& dragonfly_;
  QueueEstimate estimate_;
  mutable std::vector<std::uint32_t> occupancy_;
};

/// Whether a router's refresh timer is pending (rolled back with the router; sequential anyway).
struct UgalBoardTimer {
  std::uint8_t armed = 0;
  bool operator==(const UgalBoardTimer&) const = default;
};

class UgalGlobalRouting final : public RoutingAlgorithm, private RouterMonitor {
 public:
  /// Throws pdes::ConfigError("network.routing") unless the topology is a dragonfly.
  UgalGlobalRouting(const Topology& topology, UgalParams params, std::uint32_t buffer_depth);

  std::string_view name() const override { return "ugal_global"; }
  std::uint32_t vc_classes() const override { return routes_.vc_classes(); }
  void prepare(Flit& head, pdes::Rng& rng) const override { routes_.prepare(head, rng); }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  const RouterMonitor* router_monitor() const override { return this; }

  /// The routes, for tests that walk both decisions (DragonflyAdaptiveRouting::route_given).
  const DragonflyAdaptiveRouting& routes() const { return routes_; }
  const GlobalQueueBoard& board() const { return board_; }
  /// UGAL-G's comparison for a packet from `source` (router) to `destination` via group `via`.
  bool prefers_minimal(RouterId source, RouterId destination, std::uint64_t via) const;

 private:
  AlgorithmState initial_state(RouterId router) const override;
  void on_head_blocked(const RouterView& router, PortId in_port, const Flit& head,
                       RouterControl& control, AlgorithmState& state) const override;
  void on_grant(const RouterView& router, PortId in_port, PortId out_port, const Flit& head,
                std::int64_t waited_ticks, RouterControl& control,
                AlgorithmState& state) const override;
  void on_departure(const RouterView& router, PortId out_port, const Flit& flit,
                    RouterControl& control, AlgorithmState& state) const override;
  void on_timer(const RouterView& router, std::uint8_t topic, RouterControl& control,
                AlgorithmState& state) const override;
  /// Refreshes the board from `router` and keeps a timer pending while its queues are not empty.
  void watch(const RouterView& router, RouterControl& control, AlgorithmState& state) const;

  const Dragonfly& dragonfly_;
  UgalParams params_;
  DragonflyAdaptiveRouting routes_;
  GlobalQueueBoard board_;
};

}  // namespace net
