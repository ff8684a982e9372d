// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_ugal_global.hpp"

#include <algorithm>
#include <limits>

#include "models/network/router/router_control.hpp"
#include "models/network/router/router_view.hpp"
#include "models/network/routing/dragonfly_minimal.hpp"

namespace net {

namespace {

constexpr std::uint8_t kRefreshTopic = 1;
constexpr std::uint8_t kReportTopic = 2;

/// The least q(link) among the global links from group `from` to group `to` (!= from).
template <class Queue>
std::uint32_t least_between(const Dragonfly& dragonfly, std::uint64_t from, std::uint64_t to,
                            Queue&& q) {
  std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
  const std::uint64_t links =
      std::uint64_t{dragonfly.routers_per_group()} * dragonfly.global_links_per_router();
  for (std::uint64_t link = 0; link < links; ++link) {
    const auto peer = dragonfly.global_peer(from, link);
    if (peer && peer->group == to) least = std::min(least, q(link));
  }
  return least;
}

}  // namespace

std::uint32_t reported_queue(const RouterView& router, PortId port, QueueEstimate estimate) {
  return router.output_queue(port, estimate);
}

bool GlobalQueueBoard::refresh(const RouterView& router) const {
  const std::uint32_t h = dragonfly_.global_links_per_router();
  const PortId first = dragonfly_.first_global_port();
  bool any = false;
  for (std::uint32_t k = 0; k < h; ++k) {
    const std::uint32_t queued = reported_queue(router, first + k, estimate_);
    occupancy_[router.router() * h + k] = queued;
    any = any || queued != 0;
  }
  return any;
}

std::uint32_t GlobalQueueBoard::least_between(std::uint64_t from, std::uint64_t to) const {
  return net::least_between(dragonfly_, from, to,
                            [&](std::uint64_t link) { return occupancy(from, link); });
}

UgalGlobalRouting::UgalGlobalRouting(const Topology& topology, UgalGlobalParams params,
                                     std::uint32_t buffer_depth, std::uint32_t link_latency)
    : dragonfly_(require_dragonfly(topology, "ugal_global")),
      params_(params),
      exchange_delay_(
          params.exchange_delay.value_or(dragonfly_.params().local_latency.value_or(link_latency))),
      routes_(topology, DragonflyAdaptiveRouting::Mode::kUgalLocal, params.ugal, buffer_depth),
      board_(dragonfly_, params.ugal.queue_estimate) {
  PDES_CHECK(exchange_delay_ >= 1, "ugal_global: an exchange delay of 0 cycles");
}

void UgalGlobalRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  bool minimal = true;
  if (routes_.decides_at(at, head) && at.view != nullptr) {
    const auto header = head.route.get<DragonflyAdaptiveHeader>();
    const RouterId destination = dragonfly_.router_of_node(head.dst);
    const std::uint64_t via = header.intermediate_plus_one - 1;
    if (params_.info == UgalGlobalInfo::kOracle) {
      board_.refresh(*at.view);  // this router's own queues, now
      minimal = prefers_minimal(at.router, destination, via);
    } else {
      minimal = prefers_minimal(*at.view, destination, via);
    }
  }
  routes_.route_given(at, head, minimal, out);
}

template <class Queue>
bool UgalGlobalRouting::compare(RouterId source, RouterId destination, std::uint64_t via,
                                Queue&& q) const {
  const std::uint64_t from = dragonfly_.group_of(source);
  const std::int64_t q_min = least_between(dragonfly_, from, dragonfly_.group_of(destination), q);
  const std::int64_t q_non = least_between(dragonfly_, from, via, q);
  // Hops of the non-minimal route: to the router with a link to `via` (0 or 1 local hop), the
  // global link, then minimal from where it lands.
  std::int64_t h_non = 1;
  RouterId here = source;
  PortId port = dragonfly_.route_ports_to_group(here, via)[0];
  if (!dragonfly_.is_global_port(port)) {
    here = dragonfly_.neighbour(here, port)->router;
    port = dragonfly_.route_ports_to_group(here, via)[0];
    ++h_non;
  }
  h_non += dragonfly_.minimal_route_hops(dragonfly_.neighbour(here, port)->router, destination);
  const std::int64_t h_min = dragonfly_.minimal_route_hops(source, destination);
  return q_min * h_min <= q_non * h_non + params_.ugal.threshold;
}

bool UgalGlobalRouting::prefers_minimal(RouterId source, RouterId destination,
                                        std::uint64_t via) const {
  const std::uint64_t from = dragonfly_.group_of(source);
  return compare(source, destination, via,
                 [&](std::uint64_t link) { return board_.occupancy(from, link); });
}

bool UgalGlobalRouting::prefers_minimal(const RouterView& view, RouterId destination,
                                        std::uint64_t via) const {
  return compare(view.router(), destination, via,
                 [&](std::uint64_t link) { return known_queue(view, link); });
}

std::uint32_t UgalGlobalRouting::known_queue(const RouterView& view, std::uint64_t link) const {
  const std::uint32_t h = dragonfly_.global_links_per_router();
  if (link / h == dragonfly_.index_in_group(view.router())) {
    return reported_queue(view, dragonfly_.first_global_port() + static_cast<PortId>(link % h),
                          params_.ugal.queue_estimate);
  }
  return view.routing_state().get<UgalGroupTable>().queue[link];
}

AlgorithmState UgalGlobalRouting::initial_state(RouterId /*router*/) const {
  if (params_.info == UgalGlobalInfo::kOracle) return AlgorithmState::of(UgalBoardTimer{});
  UgalGroupTable table;
  table.queue.assign(
      std::size_t{dragonfly_.routers_per_group()} * dragonfly_.global_links_per_router(), 0);
  return AlgorithmState::of(std::move(table));
}

void UgalGlobalRouting::exchange(const RouterView& router, RouterControl& control,
                                 UgalGroupTable& table) const {
  const std::uint32_t h = dragonfly_.global_links_per_router();
  const std::uint32_t a = dragonfly_.routers_per_group();
  const std::uint32_t self = dragonfly_.index_in_group(router.router());
  const PortId first = dragonfly_.first_global_port();
  std::uint32_t* sent = table.queue.data() + std::size_t{self} * h;
  bool changed = false;
  bool busy = false;
  std::uint32_t now_queue[256];  // h < radix <= 256 (VcState::out_port is 8 bits)
  for (std::uint32_t k = 0; k < h; ++k) {
    now_queue[k] = reported_queue(router, first + k, params_.ugal.queue_estimate);
    changed = changed || now_queue[k] != sent[k];
    busy = busy || now_queue[k] != 0;
  }
  const std::int64_t now = control.now();
  if (changed && now >= table.next_send) {
    const pdes::LpId group_first{dragonfly_.group_of(router.router()) * a};
    // The runs of UgalQueueReport::kPorts ports that hold a change, to each other router.
    for (std::uint32_t k0 = 0; k0 < h; k0 += UgalQueueReport::kPorts) {
      const std::uint32_t n = std::min(UgalQueueReport::kPorts, h - k0);
      if (std::equal(now_queue + k0, now_queue + k0 + n, sent + k0)) continue;
      UgalQueueReport report;
      report.sender = static_cast<std::uint16_t>(self);
      report.first = static_cast<std::uint16_t>(k0);
      report.count = static_cast<std::uint16_t>(n);
      std::copy(now_queue + k0, now_queue + k0 + n, report.queue);
      ControlMessage message;
      message.topic = kReportTopic;
      message.body.set(report);
      for (std::uint32_t r = 0; r < a; ++r) {
        if (r == self) continue;
        control.send_ideal(pdes::LpId{group_first.value() + r}, message,
                           std::int64_t{exchange_delay_} * control.cycle());
      }
    }
    std::copy(now_queue, now_queue + h, sent);
    table.next_send = now + control.cycle();
    changed = false;
  }
  // A timer while a change waits for its turn or credits may still come back.
  if ((changed || busy) && table.armed == 0) {
    control.set_timer(control.cycle(), kRefreshTopic);
    table.armed = 1;
  }
}

void UgalGlobalRouting::watch(const RouterView& router, RouterControl& control,
                              AlgorithmState& state) const {
  if (params_.info == UgalGlobalInfo::kExchange) {
    exchange(router, control, state.get<UgalGroupTable>());
    return;
  }
  auto& timer = state.get<UgalBoardTimer>();
  if (board_.refresh(router) && timer.armed == 0) {
    control.set_timer(control.cycle(), kRefreshTopic);
    timer.armed = 1;
  }
}

void UgalGlobalRouting::on_head_blocked(const RouterView& router, PortId /*in_port*/,
                                        const Flit& /*head*/, RouterControl& control,
                                        AlgorithmState& state) const {
  watch(router, control, state);
}

void UgalGlobalRouting::on_grant(const RouterView& router, PortId /*in_port*/, PortId /*out_port*/,
                                 const Flit& /*head*/, std::int64_t /*waited_ticks*/,
                                 RouterControl& control, AlgorithmState& state) const {
  watch(router, control, state);
}

void UgalGlobalRouting::on_departure(const RouterView& router, PortId /*out_port*/,
                                     const Flit& /*flit*/, RouterControl& control,
                                     AlgorithmState& state) const {
  watch(router, control, state);
}

void UgalGlobalRouting::on_timer(const RouterView& router, std::uint8_t topic,
                                 RouterControl& control, AlgorithmState& state) const {
  if (topic != kRefreshTopic) return;
  if (params_.info == UgalGlobalInfo::kExchange) {
    state.get<UgalGroupTable>().armed = 0;
  } else {
    state.get<UgalBoardTimer>().armed = 0;
  }
  watch(router, control, state);
}

void UgalGlobalRouting::on_control(const RouterView& /*router*/, PortId /*in_port*/,
                                   const ControlMessage& message, RouterControl& /*control*/,
                                   AlgorithmState& state) const {
  if (message.topic != kReportTopic || params_.info != UgalGlobalInfo::kExchange) return;
  const auto report = message.body.get<UgalQueueReport>();
  auto& table = state.get<UgalGroupTable>();
  const std::size_t at =
      std::size_t{report.sender} * dragonfly_.global_links_per_router() + report.first;
  PDES_CHECK(report.count <= UgalQueueReport::kPorts && at + report.count <= table.queue.size(),
             "ugal_global: a queue report outside the group's table");
  std::copy(report.queue, report.queue + report.count, table.queue.begin() + at);
}

}  // namespace net
