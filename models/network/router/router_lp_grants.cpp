// SPDX-License-Identifier: Apache-2.0
// RouterLp, grants: each winner of a pass leaves its input VC for its output (credits, VC
// ownership, the latency map's totals, the monitors' hooks), and its credit goes upstream, alone
// or riding on a flit bound for the same router.
#include "models/network/router/router_lp.hpp"

#include <algorithm>
#include <array>
#include <span>

#include "models/network/router/router_lp_monitors.hpp"

namespace net {

void RouterLp::send_grants(std::span<const Request> winners, std::uint64_t pairs,
                           const std::array<std::uint8_t, 64>& by_input, std::int64_t& wake,
                           RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  for (const Request& r : winners) {
    const Request* rider =
        r.out < 64 && (pairs >> r.out & 1) != 0 ? &winners[by_input[r.out]] : nullptr;
    grant(r, rider, r.in_port < 64 && (pairs >> r.in_port & 1) != 0, state, ctx);
    // The flit behind the one that left is the input VC's new front.
    const VcState& vc = state.vcs[r.ivc];
    if (vc.count > 0) {
      const std::int64_t ready = state.slots[state.slot_of(vc.segment, vc.front)].ready;
      if (ready != RouterState::kNoWake) {
        wake = std::min(wake, std::max(ready + kPhase, now + params_.cycle_ps));
      }
    }
  }
}

void RouterLp::grant(const Request& r, const Request* rider, bool credit_rides,
                     RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  VcState& in = state.vcs[r.ivc];
  const PortId in_port = r.in_port;
  const std::uint16_t in_vc = static_cast<std::uint16_t>(r.ivc - in_port * vcs_);
  NetEvent ev;
  ev.kind = NetEventKind::kFlit;
  const BufferedFlit& leaving = state.slots[state.slot_of(in.segment, in.front)];
  ev.flit = leaving.flit;
  PortTotals& out_totals = state.totals[r.out];
  ++out_totals.flits_out;
  if (now >= params_.measure_from_ticks) ++out_totals.flits_measured;
  if (ev.flit.is_head()) {
    if (in.routed == VcState::kWaiting) {  // it waited: off that output's count
      state.ports[in.out_port].waiting_flits -= ev.flit.size;
    }
    // Passes run kPhase after the boundary at which the head became eligible.
    const std::int64_t wait = std::max<std::int64_t>(now - kPhase - leaving.ready, 0);
    ++out_totals.packets_out;
    out_totals.head_wait_ticks += static_cast<std::uint64_t>(wait);
    // Most heads leave without waiting: no 64-bit division for them.
    if (wait != 0) ev.flit.blocked_cycles += static_cast<std::uint32_t>(wait / params_.cycle_ps);
    in.head_blocked_cycles = ev.flit.blocked_cycles;
    if (any_monitor()) {
      for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                       RouterControl& control) {
        m.on_grant(view(state, now), in_port, r.out, ev.flit, wait, control, own);
      });
    }
  } else {
    ev.flit.blocked_cycles = in.head_blocked_cycles;
  }
  in.front = static_cast<std::uint16_t>(ring_add(in.front, 1));
  --in.count;
  // An empty ring starts again at slot 0 (at low load each VC then reuses one cache line
  // instead of walking through buffer_depth of them) and gives its segment back to the pool.
  if (in.count == 0) {
    in.front = 0;
    state.release_segment(in);
  }
  --state.buffered;
  ++ev.flit.hops;

  const PortLink& out_link = links_[r.out];
  VcState& out_vc = state.vcs[r.out * vcs_ + r.out_vc];
  if (ev.flit.is_head()) {
    in.routed = VcState::kRouted;
    in.out_port = static_cast<std::uint8_t>(r.out);
    in.out_vc = static_cast<std::uint8_t>(r.out_vc);
    if (!out_link.terminal) out_vc.busy = 1;
  }
  if (!out_link.terminal) --out_vc.credits;
  if (ev.flit.is_tail()) {
    in.routed = VcState::kUnrouted;
    if (!out_link.terminal) out_vc.busy = 0;
  }
  state.ports[in_port].input_free_at = now + params_.cycle_ps;
  // A monitor may have taken the link for a control message meanwhile (router_control.hpp).
  state.ports[r.out].output_free_at =
      std::max(state.ports[r.out].output_free_at, now + params_.cycle_ps);
  if (any_monitor()) {
    for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                     RouterControl& control) {
      m.on_departure(view(state, now), r.out, ev.flit, control, own);
    });
  }

  ev.port = static_cast<std::uint8_t>(out_link.remote_port);
  ev.vc = r.out_vc;
  // Granted at the allocation phase, the flit lands on a cycle boundary downstream; with the
  // credit of another grant to the same router it travels at the credit's time. Selects, not
  // branches: whether a flit carries a credit is a coin toss to the branch predictor.
  const bool merged = rider != nullptr;
  const Request& credited = merged ? *rider : r;
  ev.kind = merged ? NetEventKind::kFlitCredit : NetEventKind::kFlit;
  ev.credit_port = merged ? static_cast<std::uint8_t>(links_[credited.in_port].remote_port) : 0;
  ev.credit_vc =
      merged ? static_cast<std::uint16_t>(credited.ivc - credited.in_port * vcs_) : 0;
  ctx.send(out_link.lp,
           cycles(merged ? params_.credit_delay : params_.st_delay + out_link.latency) -
               phase(),
           ev);
  if (credit_rides) return;

  const PortLink& in_link = links_[in_port];
  NetEvent credit;
  credit.kind = NetEventKind::kCredit;
  credit.port = static_cast<std::uint8_t>(in_link.remote_port);
  credit.vc = in_vc;
  ctx.send(in_link.lp, cycles(params_.credit_delay) - phase(), credit);
}

}  // namespace net
