// SPDX-License-Identifier: Apache-2.0
// RouterLp, routing: the routing's candidates for a head, the lowest level with a free output
// VC, and the selection function's choice among what is left.
#include "models/network/router/router_lp.hpp"

#include <array>
#include <span>
#include <string>

#include "models/network/router/router_lp_monitors.hpp"
#include "models/network/routing/route_candidates.hpp"

namespace net {

int RouterLp::free_output_vc(const RouterState& state, PortId out, std::uint32_t vc_class,
                             std::uint16_t packet_size) const {
  const std::uint32_t need =
      (atomic_classes_ >> vc_class & 1) != 0          ? params_.buffer_depth
      : params_.switching == SwitchingMode::kWormhole ? 1u
                                                       : static_cast<std::uint32_t>(packet_size);
  for (std::uint32_t v = class_first(vc_class); v < class_first(vc_class + 1); ++v) {
    const VcState& o = state.vcs[out * vcs_ + v];
    if (o.busy == 0 && o.credits >= need) return static_cast<int>(v);
  }
  return -1;
}

bool RouterLp::route_head(std::uint32_t ivc, RouterState& state, pdes::Context<NetEvent>& ctx,
                          Request& r) const {
  const VcState& in = state.vcs[ivc];
  Flit& head = state.slots[state.slot_of(in.segment, in.front)].flit;
  PDES_CHECK(head.is_head(), "body flit at the front of an unrouted input VC");
  const PortId in_port = r.in_port;
  RouteCandidates candidates;
  const RouterView here = view(state, ctx.now().ticks());
  routing_raw_->route(
      {router_, in_port, vc_class(ivc - in_port * vcs_), links_[in_port].terminal, &here}, head,
      candidates);
  PDES_CHECK(!candidates.empty(), "routing offered no output");
  // The admissible outputs: the candidates of the lowest level with a free VC, each with the
  // first free VC of its class.
  std::array<SelectionOption, RouteCandidates::kCapacity> options;
  std::size_t admissible = 0;
  int level = -1;
  for (const RouteCandidate& c : candidates) {
    if (level >= 0 && c.level > level) break;  // levels are listed in order
    if (links_[c.port].terminal) {  // ejection needs no VC: the sink always accepts
      r.out = c.port;
      r.out_vc = 0;
      return true;
    }
    PDES_CHECK(c.vc_class < classes_, "routing asked for VC class " +
                                          std::to_string(c.vc_class) + " of " +
                                          std::to_string(classes_));
    const int v = free_output_vc(state, c.port, c.vc_class, head.size);
    if (v < 0) continue;
    level = c.level;
    options[admissible++] = {c.port, static_cast<std::uint16_t>(v),
                             state.vcs[c.port * vcs_ + v].credits};
  }
  if (admissible == 0) {
    // The head waits, for the first output the routing offered (RouterState, "Waiting").
    const PortId wanted = candidates.begin()->port;
    VcState& waiting = state.vcs[ivc];
    if (waiting.routed != VcState::kWaiting || waiting.out_port != wanted) {
      if (waiting.routed == VcState::kWaiting) {
        state.ports[waiting.out_port].waiting_flits -= head.size;
      }
      waiting.routed = VcState::kWaiting;
      waiting.out_port = static_cast<std::uint8_t>(wanted);
      state.ports[wanted].waiting_flits += head.size;
    }
    if (any_monitor()) {
      for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                       RouterControl& control) {
        m.on_head_blocked(view(state, ctx.now().ticks()), in_port, head, control, own);
      });
    }
    return false;
  }
  std::size_t chosen = 0;
  if (admissible > 1) {
    AlgorithmState none;  // a selection that keeps no state gets an empty one
    chosen = selection_raw_->select({here, in_port, links_[in_port].terminal, head},
                                std::span<const SelectionOption>(options.data(), admissible),
                                state.agents.selection(none), ctx.rng());
    PDES_CHECK(chosen < admissible, "selection function chose no admissible output");
  }
  r.out = options[chosen].port;
  r.out_vc = options[chosen].vc;
  return true;
}

}  // namespace net
