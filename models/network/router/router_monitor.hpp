// SPDX-License-Identifier: Apache-2.0
//
// RouterMonitor: hooks through which a routing algorithm or a selection function watches each
// router it runs on — to keep latency or queue registers per output, spot the flows that
// contend at a congested output (seed 004's detection), exchange status with neighbours
// (seed 002's speculative selection), count what leaves. It keeps what it learns in its own
// state at each router (RouterState::routing or ::selection, an AlgorithmState rolled back with
// the router), and may send control messages and set timers (router_control.hpp).
//
// Who calls it: RouterLp, for the monitor of the routing (RoutingAlgorithm::router_monitor())
// and that of the selection function (SelectionFunction::router_monitor()), each with its own
// state:
//   - on_start: once, at time zero (to set a first timer);
//   - on_head_blocked: in an allocation pass, a head at the front of an input VC found no
//     output VC with room among the outputs its routing allows;
//   - on_grant: a head won an output (after `waited_ticks` beyond the router pipeline);
//   - on_departure: any flit, head included, leaves on an output (after on_grant for a head);
//   - on_control: a control message of this monitor's owner arrived (from a neighbour over
//     `in_port`, or through the ideal side channel: in_port = kNoPort);
//   - on_timer: a timer this monitor set is due;
//   - on_finish: once at the end of the run, to emit the monitor's records.
// Each hook sees a read-only RouterView and the flit; it may change only `state`. Hooks run on
// every pass and every flit, so they must be cheap. They draw no random numbers.
#pragma once

#include <cstdint>

#include "models/network/event/flit.hpp"
#include "models/network/router/router_control.hpp"
#include "models/network/router/router_view.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/context.hpp"

namespace net {

/// in_port of a control message that came through the ideal side channel.
inline constexpr PortId kNoPort = 0xFFFFFFFFu;

class RouterMonitor {
 public:
  virtual ~RouterMonitor() = default;

  /// The monitor's state at router `router` before any event.
  virtual AlgorithmState initial_state(RouterId router) const = 0;
  virtual void on_start(RouterId /*router*/, RouterControl& /*control*/,
                        AlgorithmState& /*state*/) const {}
  virtual void on_control(const RouterView& /*router*/, PortId /*in_port*/,
                          const ControlMessage& /*message*/, RouterControl& /*control*/,
                          AlgorithmState& /*state*/) const {}
  virtual void on_timer(const RouterView& /*router*/, std::uint8_t /*topic*/,
                        RouterControl& /*control*/, AlgorithmState& /*state*/) const {}
  virtual void on_head_blocked(const RouterView& /*router*/, PortId /*in_port*/,
                               const Flit& /*head*/, RouterControl& /*control*/,
                               AlgorithmState& /*state*/) const {}
  virtual void on_grant(const RouterView& /*router*/, PortId /*in_port*/, PortId /*out_port*/,
                        const Flit& /*head*/, std::int64_t /*waited_ticks*/,
                        RouterControl& /*control*/, AlgorithmState& /*state*/) const {}
  virtual void on_departure(const RouterView& /*router*/, PortId /*out_port*/,
                            const Flit& /*flit*/, RouterControl& /*control*/,
                            AlgorithmState& /*state*/) const {}
  /// At the end of the run (RouterLp::on_finish): may emit the monitor's own records.
  virtual void on_finish(RouterId /*router*/, const AlgorithmState& /*state*/,
                         pdes::CommitContext& /*ctx*/) const {}
};

}  // namespace net
