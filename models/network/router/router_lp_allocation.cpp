// SPDX-License-Identifier: Apache-2.0
// RouterLp, allocation: one pass gathers the requests of the input VCs whose front flit could
// move and matches them to the outputs with the configured switch allocator (allocators/).
#include "models/network/router/router_lp.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <string>
#include <vector>

#include "models/network/router/allocators/greedy_output_first.hpp"

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
    const BufferedFlit& bf = state.slots[state.slot_of(in.segment, in.front)];
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
    if (in.routed != VcState::kRouted) {  // a head to route (again, if it waits)
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
    // Input port of ivc (ivc / vcs_), stepped up as the VCs come in ascending order.
    PortId in_port = 0;
    std::uint32_t next_port_ivc = vcs_;
    for (; occupied != 0; occupied &= occupied - 1) {
      const auto ivc = static_cast<std::uint32_t>(std::countr_zero(occupied));
      while (ivc >= next_port_ivc) {
        ++in_port;
        next_port_ivc += vcs_;
      }
      consider(ivc, in_port);
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

  // Match the requests to outputs; the winners move to the front of `requests`, in the order
  // they are granted. They are sent afterwards, so that a flit and a credit to the same router
  // can leave together. The default allocator runs here without a virtual call; any other is one
  // call per pass.
  std::size_t granted = 0;
  GrantSummary summary;
  if (default_allocator_) {
    granted = GreedyOutputFirstAllocator::run(requests, requested_outputs, ports_, vcs_,
                                              state.ports.data(), state.first_output, summary);
  } else {
    AllocationRound round{requests, ports_, vcs_, state.ports, state.first_output};
    granted = allocator_->allocate(round);
    PDES_CHECK(granted <= requests.size(), "allocator granted more requests than it received");
    for (std::size_t i = 0; i < granted; ++i) {
      const Request& w = requests[i];
      if (w.in_port < 64) {
        PDES_CHECK((summary.inputs_used >> w.in_port & 1) == 0,
                   "allocator granted input port " + std::to_string(w.in_port) + " twice");
        summary.inputs_used |= std::uint64_t{1} << w.in_port;
        summary.by_input[w.in_port] = static_cast<std::uint8_t>(i);
      }
      if (w.out < 64) {
        PDES_CHECK((summary.outputs_used >> w.out & 1) == 0,
                   "allocator granted output port " + std::to_string(w.out) + " twice");
        summary.outputs_used |= std::uint64_t{1} << w.out;
      }
    }
  }
  // Winner indices fit in a byte (one per output port); past 255 ports nothing merges.
  const std::uint64_t pairs =
      ports_ <= 0xFF ? summary.inputs_used & summary.outputs_used & mergeable_ports_ : 0;
  send_grants(requests.first(granted), pairs, summary.by_input, wake, state, ctx);

  state.waiting_for_resources = blocked_on_resources ? 1 : 0;
  // Losers retry next cycle; a grant may have released a VC that a blocked head waits for.
  const bool retry = granted < requests.size() || (granted > 0 && blocked_on_resources);
  if (retry) wake = std::min(wake, now + params_.cycle_ps);
  if (wake != RouterState::kNoWake) schedule_wake(state, ctx, wake);
}

}  // namespace net
