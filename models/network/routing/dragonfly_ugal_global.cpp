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

}  // namespace

bool GlobalQueueBoard::refresh(const RouterView& router) const {
  const std::uint32_t h = dragonfly_.global_links_per_router();
  const PortId first = dragonfly_.first_global_port();
  bool any = false;
  for (std::uint32_t k = 0; k < h; ++k) {
    const std::uint32_t queued = router.output_queue(first + k, estimate_);
    occupancy_[router.router() * h + k] = queued;
    any = any || queued != 0;
  }
  return any;
}

std::uint32_t GlobalQueueBoard::least_between(std::uint64_t from, std::uint64_t to) const {
  std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
  const std::uint64_t links =
      std::uint64_t{dragonfly_.routers_per_group()} * dragonfly_.global_links_per_router();
  for (std::uint64_t link = 0; link < links; ++link) {
    const auto peer = dragonfly_.global_peer(from, link);
    if (peer && peer->group == to) least = std::min(least, occupancy(from, link));
  }
  return least;
}

UgalGlobalRouting::UgalGlobalRouting(const Topology& topology, UgalParams params,
                                     std::uint32_t buffer_depth)
    : dragonfly_(require_dragonfly(topology, "ugal_global")),
      params_(params),
      routes_(topology, DragonflyAdaptiveRouting::Mode::kUgalLocal, params, buffer_depth),
      board_(dragonfly_, params.queue_estimate) {}

void UgalGlobalRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  bool minimal = true;
  if (routes_.decides_at(at, head)) {
    if (at.view != nullptr) board_.refresh(*at.view);  // this router's own queues, now
    const auto header = head.route.get<DragonflyAdaptiveHeader>();
    minimal = at.view == nullptr || prefers_minimal(at.router, dragonfly_.router_of_node(head.dst),
                                                    header.intermediate_plus_one - 1);
  }
  routes_.route_given(at, head, minimal, out);
}

bool UgalGlobalRouting::prefers_minimal(RouterId source, RouterId destination,
                                        std::uint64_t via) const {
  const std::uint64_t from = dragonfly_.group_of(source);
  const std::int64_t q_min = board_.least_between(from, dragonfly_.group_of(destination));
  const std::int64_t q_non = board_.least_between(from, via);
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
  return q_min * h_min <= q_non * h_non + params_.threshold;
}

AlgorithmState UgalGlobalRouting::initial_state(RouterId /*router*/) const {
  return AlgorithmState::of(UgalBoardTimer{});
}

void UgalGlobalRouting::watch(const RouterView& router, RouterControl& control,
                              AlgorithmState& state) const {
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
  state.get<UgalBoardTimer>().armed = 0;
  watch(router, control, state);
}

}  // namespace net
