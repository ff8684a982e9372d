// SPDX-License-Identifier: Apache-2.0
// RouterLp, filing: an arriving flit goes into its input VC's ring with the time it becomes
// eligible; an arriving credit goes to its output VC.
#include "models/network/router/router_lp.hpp"

#include <string>

namespace net {

void RouterLp::take_credit(std::uint32_t port, std::uint32_t vc, RouterState& state,
                           pdes::Context<NetEvent>& ctx) const {
  VcState& out = state.vcs[port * vcs_ + vc];
  PDES_CHECK(out.credits < params_.buffer_depth, "credit overflow at router " +
                                                     std::to_string(router_) + " port " +
                                                     std::to_string(port));
  ++out.credits;
  // Only a flit that found no credit or no free VC waits for this.
  if (state.waiting_for_resources != 0) schedule_wake(state, ctx, ctx.now().ticks() + kPhase);
}

void RouterLp::on_flit(const NetEvent& event, std::int64_t arrival, RouterState& state,
                       pdes::Context<NetEvent>& ctx) const {
  const std::uint32_t ivc = event.port * vcs_ + event.vc;
  VcState& in = state.vcs[ivc];
  PDES_CHECK(in.count < params_.buffer_depth,
             "input buffer overflow at router " + std::to_string(router_) + " port " +
                 std::to_string(event.port) + " vc " + std::to_string(event.vc) +
                 " (credit protocol violated)");
  const Flit& f = event.flit;
  const bool saf = params_.switching == SwitchingMode::kStoreAndForward;
  std::int64_t ready = arrival + (f.is_head() ? params_.head_delay() : params_.sw_alloc_delay) *
                                 params_.cycle_ps;
  // Store-and-forward: the head becomes eligible only once its tail is in the buffer.
  if (saf && f.is_head() && !f.is_tail()) ready = RouterState::kNoWake;
  if (in.count == 0) state.take_segment(in);
  state.slots[state.slot_of(in.segment, ring_add(in.front, in.count))] = {f, ready};
  ++in.count;
  ++state.buffered;
  if (in.count == 1) {
    // A new front: a pass is due when it becomes eligible. Flits behind a front are looked at
    // when the front leaves (allocate schedules that).
    if (ready != RouterState::kNoWake) schedule_wake(state, ctx, ready + kPhase);
  } else if (saf && f.is_tail()) {
    PDES_CHECK(in.count >= f.size, "store-and-forward: packet larger than the buffer");
    const std::uint32_t head_pos = in.count - f.size;
    BufferedFlit& head =
        state.slots[state.slot_of(in.segment, ring_add(in.front, head_pos))];
    PDES_CHECK(head.flit.is_head() && head.flit.seq == f.seq && head.flit.src == f.src,
               "store-and-forward: head not found behind its tail");
    head.ready = arrival + static_cast<std::int64_t>(params_.head_delay()) * params_.cycle_ps;
    if (head_pos == 0) schedule_wake(state, ctx, head.ready + kPhase);
  }
}

}  // namespace net
