// SPDX-License-Identifier: Apache-2.0
#include "models/network/selection/speculative/status_exchange.hpp"

#include <algorithm>

#include "models/network/selection/speculative/status_age_results.hpp"

namespace net::speculative {

namespace {

NeighbourStatus& status_of(AlgorithmState& state) { return state.get<NeighbourStatus>(); }

std::uint16_t saturate(std::uint32_t v) {
  return static_cast<std::uint16_t>(std::min<std::uint32_t>(v, 0xFFFF));
}

bool all_zero(const std::vector<NcbEntry>& entries) {
  return std::all_of(entries.begin(), entries.end(),
                     [](const NcbEntry& e) { return e.value == 0; });
}

}  // namespace

AlgorithmState StatusExchange::initial_state(RouterId router) const {
  NeighbourStatus s;
  s.one_hop.assign(topology_.num_ports(router), NcbEntry{});
  s.two_hop.assign(topology_.num_ports(router), NcbEntry{});
  return AlgorithmState::of(std::move(s));
}

std::optional<PortId> StatusExchange::opposite(RouterId router, PortId port) const {
  const PortId other = port ^ 1u;  // mesh and torus: +d and -d are 2d and 2d+1
  if (other >= topology_.num_ports(router)) return std::nullopt;
  const auto dim = topology_.port_dimension(router, port);
  if (!dim || topology_.port_dimension(router, other) != dim) return std::nullopt;
  if (!topology_.neighbour(router, other)) return std::nullopt;
  return other;
}

namespace {

/// The delay from now to the next multiple of `period_cycles` (the next transaction, at every
/// router at once).
std::int64_t to_next_period(const RouterControl& control, std::uint32_t period_cycles) {
  const std::int64_t period = static_cast<std::int64_t>(period_cycles) * control.cycle();
  const std::int64_t now = control.now();
  return (now / period + 1) * period - now;
}

}  // namespace

void StatusExchange::arm(RouterControl& control, NeighbourStatus& status) const {
  if (params_.charges_links_apart()) arm_charge(control, status);
  if ((status.armed & NeighbourStatus::kArmedExchange) != 0) return;
  control.set_timer(to_next_period(control, params_.effective_period_cycles()), kExchangeTopic);
  status.armed |= NeighbourStatus::kArmedExchange;
}

void StatusExchange::arm_charge(RouterControl& control, NeighbourStatus& status) const {
  if ((status.armed & NeighbourStatus::kArmedCharge) != 0) return;
  control.set_timer(to_next_period(control, params_.period_cycles), kChargeTopic);
  status.armed |= NeighbourStatus::kArmedCharge;
}

void StatusExchange::on_start(RouterId /*router*/, RouterControl& control,
                              AlgorithmState& state) const {
  arm(control, status_of(state));
}

void StatusExchange::on_timer(const RouterView& router, std::uint8_t topic,
                              RouterControl& control, AlgorithmState& state) const {
  NeighbourStatus& s = status_of(state);
  const std::uint16_t luc = saturate(router.occupied_input_vcs());
  const bool quiet = luc == 0 && all_zero(s.one_hop) && all_zero(s.two_hop);
  if (topic == kChargeTopic) {
    s.armed &= static_cast<std::uint8_t>(~NeighbourStatus::kArmedCharge);
    for (PortId p = 0; p < router.ports(); ++p) {
      if (!topology_.neighbour(router.router(), p)) continue;
      ControlMessage m;
      m.topic = kChargeTopic;
      control.send_over_link(p, m, params_.exchange_cycles());
    }
    if (!quiet) arm_charge(control, s);
    return;
  }
  if (topic != kExchangeTopic) return;
  s.armed &= static_cast<std::uint8_t>(~NeighbourStatus::kArmedExchange);
  ++s.rounds;
  for (PortId p = 0; p < router.ports(); ++p) {
    if (!topology_.neighbour(router.router(), p)) continue;
    ExchangeBody body;
    body.luc = luc;
    body.luc_sampled = control.now();
    if (const auto far = opposite(router.router(), p); far && s.one_hop[*far].valid != 0) {
      body.relay = s.one_hop[*far].value;
      body.relay_sampled = s.one_hop[*far].sampled;
      body.relay_valid = 1;
      body.relay_quiet = s.one_hop[*far].quiet;
    }
    body.quiet = quiet ? 1 : 0;
    if (quiet) body.relay_quiet = 1;
    ControlMessage m;
    m.topic = kExchangeTopic;
    m.body.set(body);
    control.send_over_link(p, m, params_.effective_link_cycles());
  }
  if (!quiet) arm(control, s);
}

void StatusExchange::on_control(const RouterView& /*router*/, PortId in_port,
                                const ControlMessage& message, RouterControl& control,
                                AlgorithmState& state) const {
  if (message.topic != kExchangeTopic || in_port == kNoPort) return;
  NeighbourStatus& s = status_of(state);
  const ExchangeBody body = message.body.get<ExchangeBody>();
  s.one_hop[in_port] = {body.luc_sampled, body.luc, 1, body.quiet, 0};
  if (body.relay_valid != 0) {
    s.two_hop[in_port] = {body.relay_sampled, body.relay, 1, body.relay_quiet, 0};
  }
  if (body.luc != 0 || body.relay != 0) arm(control, s);
}

void StatusExchange::on_grant(const RouterView& /*router*/, PortId /*in_port*/,
                              PortId /*out_port*/, const Flit& /*head*/,
                              std::int64_t /*waited_ticks*/, RouterControl& control,
                              AlgorithmState& state) const {
  arm(control, status_of(state));
}

void StatusExchange::on_finish(RouterId router, const AlgorithmState& state,
                               pdes::CommitContext& ctx) const {
  const NeighbourStatus& s = state.get<NeighbourStatus>();
  for (std::uint32_t hops = 1; hops <= 2; ++hops) {
    const AgeTally& tally = hops == 1 ? s.one_hop_age : s.two_hop_age;
    if (tally.uses == 0) continue;
    StatusAgeTotals totals;
    totals.router = static_cast<std::uint32_t>(router);
    totals.hops = hops;
    totals.uses = tally.uses;
    totals.age_sum = tally.sum;
    totals.age_max = tally.max;
    totals.age_min = tally.min;
    ctx.emit(totals);
  }
}

}  // namespace net::speculative
