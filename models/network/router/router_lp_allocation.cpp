// SPDX-License-Identifier: Apache-2.0
// RouterLp, allocation: one pass gathers the requests of the input VCs whose front flit could
// move and matches them to the outputs.
#include "models/network/router/router_lp.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <vector>

namespace net {

void RouterLp::allocate(RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  const std::uint32_t pv = ports_ * vcs_;
  std::int64_t wake = RouterState::kNoWake;
  bool blocked_on_resources = false;

  // Requests: the eligible front flit of each input VC that could move if it won its output.
  // Scratch space on the stack for the usual radix; the heap only for very large routers.
  std::array<Request, kInlineRequests> inline_requests;
  std::vector<Request> heap_requests;
  if (pv > kInlineRequests) heap_requests.resize(pv);
  Request* const request_buffer =
      pv > kInlineRequests ? heap_requests.data() : inline_requests.data();
  std::span<Request> requests(request_buffer, 0);
  const bool age = params_.arbitration == Arbitration::kAge;
  std::uint64_t requested_outputs = 0;  // bit p: some request wants output p (ports 0..63)
  // The request of input VC ivc (on input port in_port), if its front flit could move.
  const auto consider = [&](std::uint32_t ivc, PortId in_port) {
    const VcState& in = state.vcs[ivc];
    const BufferedFlit& bf = state.slots[slot_index(ivc, in.front)];
    if (bf.ready > now) {
      if (bf.ready != RouterState::kNoWake) wake = std::min(wake, bf.ready + kPhase);
      return;
    }
    if (state.ports[in_port].input_free_at > now) {
      wake = std::min(wake, state.ports[in_port].input_free_at);
      return;
    }
    Request r{ivc, 0, 0, static_cast<std::uint16_t>(in_port),
              bf.flit.is_ack() ? kAckAge : (age ? bf.flit.created : 0)};
    if (in.routed == 0) {
      if (!route_head(ivc, state, ctx, r)) {
        blocked_on_resources = true;
        return;
      }
    } else {
      r.out = in.out_port;
      r.out_vc = in.out_vc;
      if (!links_[r.out].terminal && state.vcs[r.out * vcs_ + r.out_vc].credits == 0) {
        blocked_on_resources = true;
        return;
      }
    }
    if (state.ports[r.out].output_free_at > now) {
      wake = std::min(wake, state.ports[r.out].output_free_at);
      return;
    }
    request_buffer[requests.size()] = r;
    requests = std::span<Request>(request_buffer, requests.size() + 1);
    if (r.out < 64) requested_outputs |= std::uint64_t{1} << r.out;
  };
  if (pv <= 64) {
    // Only the non-empty input VCs, found without a branch per VC: whether a VC is empty
    // changes from pass to pass, and a test per VC mispredicted on most passes.
    std::uint64_t occupied = 0;
    for (std::uint32_t ivc = 0; ivc < pv; ++ivc) {
      occupied |= std::uint64_t{state.vcs[ivc].count != 0} << ivc;
    }
    for (; occupied != 0; occupied &= occupied - 1) {
      const auto ivc = static_cast<std::uint32_t>(std::countr_zero(occupied));
      consider(ivc, static_cast<PortId>(ivc / vcs_));
    }
  } else {
    // Input port of ivc, stepped rather than divided (ivc / vcs_).
    PortId in_port = 0;
    std::uint32_t next_port_ivc = vcs_;
    for (std::uint32_t ivc = 0; ivc < pv; ++ivc) {
      if (ivc == next_port_ivc) {
        ++in_port;
        next_port_ivc += vcs_;
      }
      if (state.vcs[ivc].count != 0) consider(ivc, in_port);
    }
  }

  // Output-side round-robin arbitration; an input port moves one flit per cycle. The winners
  // move to the front of `requests`, in the order granted (keys are unique per input VC, so
  // the order in which candidates are scanned decides nothing); they are sent afterwards, so
  // that a flit and a credit to the same router can leave together.
  std::size_t granted = 0;
  std::uint64_t inputs_used = 0;   // bit p: input port p has a winner (ports 0..63)
  std::uint64_t outputs_used = 0;  // bit p: output port p has a winner
  std::array<std::uint8_t, 64> by_input;  // the winner from input p, where inputs_used says
  const auto input_taken = [&](const Request& r) {
    if (r.in_port < 64) return (inputs_used >> r.in_port & 1) != 0;
    for (std::size_t i = 0; i < granted; ++i) {
      if (requests[i].in_port == r.in_port) return true;
    }
    return false;
  };
  // The first output to pick rotates too, so that an input VC whose input port keeps winning
  // another output first is not starved (input-port conflicts are resolved in this order).
  const auto arbitrate = [&](PortId out) {
    std::size_t best = requests.size();
    std::uint32_t best_key = 0;
    for (std::size_t i = granted; i < requests.size(); ++i) {
      const Request& r = requests[i];
      if (r.out != out || input_taken(r)) continue;
      // (ivc - last_grant - 1) mod pv: the round-robin distance from the last winner.
      std::uint32_t key = r.ivc + pv - state.ports[out].last_grant - 1;
      if (key >= pv) key -= pv;
      if (best == requests.size() || r.age < requests[best].age ||
          (r.age == requests[best].age && key < best_key)) {
        best = i;
        best_key = key;
      }
    }
    if (best == requests.size()) return;
    const Request& w = requests[best];
    if (w.in_port < 64) {
      inputs_used |= std::uint64_t{1} << w.in_port;
      by_input[w.in_port] = static_cast<std::uint8_t>(granted);
    }
    if (w.out < 64) outputs_used |= std::uint64_t{1} << w.out;
    std::swap(requests[granted++], requests[best]);
  };
  if (ports_ <= 64) {
    // Only the outputs someone requests, in the same rotated order: first_output, then up,
    // wrapping round.
    const unsigned first = state.first_output;
    const std::uint64_t below = (std::uint64_t{1} << first) - 1;  // first < ports_ <= 64
    for (std::uint64_t outs : {requested_outputs & ~below, requested_outputs & below}) {
      for (; outs != 0 && granted < requests.size(); outs &= outs - 1) {
        arbitrate(static_cast<PortId>(std::countr_zero(outs)));
      }
    }
  } else {
    PortId out = state.first_output;
    for (PortId k = 0; k < ports_ && granted < requests.size();
         ++k, out = out + 1 == ports_ ? 0 : out + 1) {
      arbitrate(out);
    }
  }
  // Winner indices fit in a byte (one per output port); past 255 ports nothing merges.
  const std::uint64_t pairs = ports_ <= 0xFF ? inputs_used & outputs_used & mergeable_ports_ : 0;
  send_grants(requests.first(granted), pairs, by_input, wake, state, ctx);

  state.waiting_for_resources = blocked_on_resources ? 1 : 0;
  if (granted > 0) state.first_output = (state.first_output + 1) % ports_;
  // Losers retry next cycle; a grant may have released a VC that a blocked head waits for.
  const bool retry = granted < requests.size() || (granted > 0 && blocked_on_resources);
  if (retry) wake = std::min(wake, now + params_.cycle_ps);
  if (wake != RouterState::kNoWake) schedule_wake(state, ctx, wake);
}

}  // namespace net
