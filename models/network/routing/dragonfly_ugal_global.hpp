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
// Where the other routers' queues come from (`ugal.global_info`):
//
// - `oracle` (the default: Kim et al.'s UGAL-G is the ideal one). A router cannot see the
//   queues of the other routers of its group in a real network, and in warpnet it cannot either:
//   they are other LPs' states. The oracle reads a GlobalQueueBoard — a table of every global
//   link's occupancy that each router's monitor writes when it handles an event (and, while its
//   global queues are not empty, once per cycle on a timer, so that returning credits are seen
//   within a cycle). The board is a side channel outside every LP's state: exact on the
//   sequential engine, which handles events in time order and never rolls back, and meaningless
//   on the optimistic engine (other LPs may be ahead in time or roll back) — so the
//   configuration refuses any engine but `sequential` (dragonfly_ugal_global_entry.cpp). A
//   checkpoint does not hold the board either: a resumed run starts from an empty board,
//   refreshed within a cycle.
// - `exchange`: each router sends the occupancy of its h global outputs to the other a - 1
//   routers of its group as control messages over the ideal side channel (no link time, no
//   buffer), `ugal.exchange_delay` cycles later (default: one local link's latency; at least the
//   kernel's lookahead). It sends only when a value changed since its last report, at most once
//   per cycle (a change within a cycle of the last report goes out on a timer one cycle later),
//   and polls its own values once per cycle while any is non-zero (credits come back without
//   any hook); a router whose global outputs stay empty sends nothing and sets no timer. Each
//   router keeps its group's table (UgalGroupTable) in its routing state, saved and restored
//   with the rest of the router's state, so the decision is rollback-safe and runs on every
//   engine. The decision reads the router's own global outputs live and the others' from the
//   table: values one exchange delay old, or older by up to a cycle.
//
// Either way the value a router reports for a global output is reported_queue() below.
//
// Routes and VC classes are ugal_local's (DragonflyAdaptiveRouting, 3 classes: local/0 <
// global/0 < local/1 < global/1 < local/2); only the decision differs.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "models/network/router/router_monitor.hpp"
#include "models/network/routing/dragonfly_adaptive.hpp"
#include "pdes/checkpointable.hpp"

namespace net {

/// ugal.global_info: where UGAL-G learns its group's global queues.
enum class UgalGlobalInfo : std::uint8_t { kOracle, kExchange };

/// The options of ugal_global: the [ugal] section's threshold and its own two keys.
struct UgalGlobalParams {
  UgalParams ugal{};
  UgalGlobalInfo info = UgalGlobalInfo::kOracle;
  /// ugal.exchange_delay (cycles); not set: the dragonfly's local link latency.
  std::optional<std::uint32_t> exchange_delay;
};

/// The flits a router reports queued at its output `port`: UGAL-G's q for one global link, in
/// both modes (RouterView::output_queue under ugal.queue_estimate).
std::uint32_t reported_queue(const RouterView& router, PortId port, QueueEstimate estimate);

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

/// Exchange mode's state at each router: its group's global queues as last heard, rolled back
/// with the router (RouterState::agents) and written to checkpoints.
struct UgalGroupTable {
  /// a·h entries, index_in_group * h + k (global port k of that router): the queue each router
  /// of the group last reported; this router's own entries are what it last sent.
  std::vector<std::uint32_t> queue;
  std::int64_t next_send = 0;  ///< ticks: the earliest time of the next report
  std::uint8_t armed = 0;      ///< 1 while a refresh timer is pending
  bool operator==(const UgalGroupTable&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, queue);
    pdes::checkpoint_value(ar, next_send);
    pdes::checkpoint_value(ar, armed);
  }
};

/// One exchange message's body: the queues of `count` consecutive global ports of router
/// `sender` (its index in the group) from port `first` (k < h). A router with h > 6 sends
/// several per update, each holding a run of ports at least one of which changed.
struct UgalQueueReport {
  static constexpr std::uint32_t kPorts = 6;
  std::uint16_t sender = 0;
  std::uint16_t first = 0;
  std::uint16_t count = 0;
  std::uint16_t pad = 0;
  std::uint32_t queue[kPorts] = {};
};
static_assert(sizeof(UgalQueueReport) <= ControlBody::kBytes);

class UgalGlobalRouting final : public RoutingAlgorithm, private RouterMonitor {
 public:
  /// Throws pdes::ConfigError("network.routing") unless the topology is a dragonfly.
  /// `link_latency`: router.link_latency, the local links' latency when the dragonfly sets none.
  UgalGlobalRouting(const Topology& topology, UgalGlobalParams params, std::uint32_t buffer_depth,
                    std::uint32_t link_latency = 1);

  std::string_view name() const override { return "ugal_global"; }
  std::uint32_t vc_classes() const override { return routes_.vc_classes(); }
  void prepare(Flit& head, pdes::Rng& rng) const override { routes_.prepare(head, rng); }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  const RouterMonitor* router_monitor() const override { return this; }

  /// The routes, for tests that walk both decisions (DragonflyAdaptiveRouting::route_given).
  const DragonflyAdaptiveRouting& routes() const { return routes_; }
  const GlobalQueueBoard& board() const { return board_; }
  UgalGlobalInfo info() const { return params_.info; }
  /// Exchange mode: the delay of a report (cycles).
  std::uint32_t exchange_delay() const { return exchange_delay_; }
  /// UGAL-G's comparison for a packet from `source` (router) to `destination` via group `via`,
  /// with the oracle's board.
  bool prefers_minimal(RouterId source, RouterId destination, std::uint64_t via) const;
  /// The same in exchange mode, at the router of `view` (its routing state holds the table).
  bool prefers_minimal(const RouterView& view, RouterId destination, std::uint64_t via) const;
  /// Exchange mode: the queue of global link `link` (< a·h) of `view`'s group as `view`'s
  /// router knows it (its own links live, the others' from its table).
  std::uint32_t known_queue(const RouterView& view, std::uint64_t link) const;

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
  void on_control(const RouterView& router, PortId in_port, const ControlMessage& message,
                  RouterControl& control, AlgorithmState& state) const override;
  /// Refreshes the board from `router` (oracle) or reports a change to the group (exchange),
  /// and keeps a timer pending while its queues are not empty.
  void watch(const RouterView& router, RouterControl& control, AlgorithmState& state) const;
  void exchange(const RouterView& router, RouterControl& control, UgalGroupTable& table) const;
  /// The comparison, with q(link) the queue of global link `link` of the source's group.
  template <class Queue>
  bool compare(RouterId source, RouterId destination, std::uint64_t via, Queue&& q) const;

  const Dragonfly& dragonfly_;
  UgalGlobalParams params_;
  std::uint32_t exchange_delay_;  ///< cycles
  DragonflyAdaptiveRouting routes_;
  GlobalQueueBoard board_;
};

}  // namespace net
