// SPDX-License-Identifier: Apache-2.0
//
// StatusExchange: seed 002's LUC/NCB exchange between neighbouring routers, as real control
// messages over the links (router/router_control.hpp), the router monitor of the speculative
// selections.
//
// Every speculative.period_cycles cycles (at multiples of the period, at every router at once:
// the paper's transactions T_n) each router sends to each neighbour B over the link to it, in
// one message holding the link handshake_cycles + data_cycles cycles (no flit crosses it
// meanwhile, as in the paper):
//   - its LUC now (B's 1-hop NCB for this direction), and
//   - the value in its own 1-hop NCB from the opposite direction, i.e. the LUC of the router on
//     the far side as received in the previous transaction (B's 2-hop NCB for this direction).
// So a router's LUC reaches its 4 neighbours in T_n and, relayed, the 4 routers two hops away in
// a straight line in T_{n+1}: the paper's 8-neighbour two-hop configuration (§2.2; the diagonal
// routers are not informed). A value arrives exchange_cycles + link latency after it is sampled
// (1 hop), or that plus one period (2 hops).
//
// LUC ("the number of messages currently in the node"): the router's input VCs that hold a
// packet — flits buffered, or a head routed on whose tail has not left (injection ports
// included; RouterView::occupied_input_vcs).
//
// speculative.status_exchange = "ideal" (ours, an ablation) runs the same protocol every cycle
// with messages that hold no link time (send_over_link with 0 cycles: they wait only for the
// flit on the wire, then cross the link), so the seed's rule can be measured without the
// exchange's cost and with values at most 1 cycle (1 hop) or 3 cycles (2 hops) old at use.
//
// speculative.status_exchange = "ideal_charged" (ours) runs the ideal exchange and, beside it,
// the seed's link cost: every period_cycles each router sends each neighbour a message of
// kChargeTopic holding the link handshake + data cycles, which the receiver ignores. SSR then
// sees fresh values and pays the seed's links, so that the two costs can be measured apart.
//
// Quiet routers (ours, so that a run can drain and end): a router whose LUC and NCBs are all
// zero sends one last round of zeros marked quiet and stops; it resumes at the next period
// boundary when a packet is granted there or a neighbour sends it a non-zero value. A quiet
// neighbour's zeros stay exact, so nothing the selection sees changes; what changes is that an
// idle region's links are not held (the paper's network would hold them, but carry nothing).
#pragma once

#include <cstdint>
#include <optional>

#include "models/network/router/router_monitor.hpp"
#include "models/network/selection/speculative/neighbour_status.hpp"
#include "models/network/selection/speculative/speculative_params.hpp"
#include "models/network/topology/topology.hpp"

namespace net::speculative {

/// The body of one exchange message (padding-free: event/opaque_bytes.hpp).
struct ExchangeBody {
  std::int64_t luc_sampled = 0;    ///< ticks
  std::int64_t relay_sampled = 0;  ///< ticks
  std::uint16_t luc = 0;
  std::uint16_t relay = 0;
  std::uint8_t relay_valid = 0;
  std::uint8_t quiet = 0;        ///< the sender stops after this round (its values are all zero)
  std::uint8_t relay_quiet = 0;  ///< the relayed value will not change until its origin speaks
  std::uint8_t reserved = 0;
};

class StatusExchange final : public RouterMonitor {
 public:
  static constexpr std::uint8_t kExchangeTopic = 1;
  static constexpr std::uint8_t kChargeTopic = 2;  ///< "ideal_charged": link time, no values

  StatusExchange(const Topology& topology, SpeculativeParams params)
      : topology_(topology), params_(params) {}

  const SpeculativeParams& params() const { return params_; }

  AlgorithmState initial_state(RouterId router) const override;
  void on_start(RouterId router, RouterControl& control, AlgorithmState& state) const override;
  void on_timer(const RouterView& router, std::uint8_t topic, RouterControl& control,
                AlgorithmState& state) const override;
  void on_control(const RouterView& router, PortId in_port, const ControlMessage& message,
                  RouterControl& control, AlgorithmState& state) const override;
  void on_grant(const RouterView& router, PortId in_port, PortId out_port, const Flit& head,
                std::int64_t waited_ticks, RouterControl& control,
                AlgorithmState& state) const override;
  void on_finish(RouterId router, const AlgorithmState& state,
                 pdes::CommitContext& ctx) const override;

  /// The port of `router` opposite `port` in the same dimension, if it leads to a router.
  std::optional<PortId> opposite(RouterId router, PortId port) const;

 private:
  void arm(RouterControl& control, NeighbourStatus& status) const;
  void arm_charge(RouterControl& control, NeighbourStatus& status) const;

  const Topology& topology_;
  SpeculativeParams params_;
};

}  // namespace net::speculative
