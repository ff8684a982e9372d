// SPDX-License-Identifier: Apache-2.0
//
// GreedyOutputFirstAllocator (router.allocator = "greedy_output_first", the default): the
// outputs take turns, in an order whose first output rotates every pass that grants anything;
// each output's round-robin arbiter (priority first) grants the best request whose input port
// has not won yet. One pass, and the result is a maximal matching: an output left without a
// winner had only requests from inputs that had already won.
//
// It is a sequential variant of BookSim2's separable_output_first: there the output arbiters
// decide independently and the input arbiters then drop all but one grant per input, so an
// output whose grant is dropped stays idle; here a later output sees the inputs the earlier ones
// took and chooses among the rest. The rotating start keeps an input VC whose port keeps winning
// another output first from starving.
//
// RouterLp calls run() directly (no virtual call, inlined into its pass, with the bitmask fast
// paths for routers of up to 64 ports); allocate() is the same for tests and other callers.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>

#include "models/network/router/allocators/switch_allocator.hpp"

namespace net {

/// Who won a pass, as bitmasks over ports 0..63 (RouterLp pairs flits and credits with them).
struct GrantSummary {
  std::uint64_t inputs_used = 0;   ///< bit p: input port p has a winner
  std::uint64_t outputs_used = 0;  ///< bit p: output port p has a winner
  std::array<std::uint8_t, 64> by_input;  ///< the winner from input p, where inputs_used says
};

class GreedyOutputFirstAllocator final : public SwitchAllocator {
 public:
  std::string_view name() const override { return "greedy_output_first"; }
  std::size_t allocate(AllocationRound& round) const override;

  /// The pass itself. `requested_outputs`: bit p set if some request wants output p (< 64).
  /// Fills `summary`; returns the number of winners, moved to the front of `requests`.
  static std::size_t run(std::span<AllocationRequest> requests, std::uint64_t requested_outputs,
                         std::uint32_t ports, std::uint32_t vcs, PortState* port_state,
                         std::uint16_t& first_output, GrantSummary& summary) {
    const std::uint32_t pv = ports * vcs;
    std::size_t granted = 0;
    const auto input_taken = [&](const AllocationRequest& r) {
      if (r.in_port < 64) return (summary.inputs_used >> r.in_port & 1) != 0;
      for (std::size_t i = 0; i < granted; ++i) {
        if (requests[i].in_port == r.in_port) return true;
      }
      return false;
    };
    // The winners move to the front of `requests`, in the order granted (keys are unique per
    // input VC, so the order in which candidates are scanned decides nothing).
    const auto arbitrate = [&](PortId out) {
      std::size_t best = requests.size();
      std::uint32_t best_key = 0;
      const std::uint32_t last = port_state[out].last_grant;
      for (std::size_t i = granted; i < requests.size(); ++i) {
        const AllocationRequest& r = requests[i];
        if (r.out != out || input_taken(r)) continue;
        // (ivc - last_grant - 1) mod pv: the round-robin distance from the last winner.
        std::uint32_t key = r.ivc + pv - last - 1;
        if (key >= pv) key -= pv;
        if (best == requests.size() || r.age < requests[best].age ||
            (r.age == requests[best].age && key < best_key)) {
          best = i;
          best_key = key;
        }
      }
      if (best == requests.size()) return;
      const AllocationRequest& w = requests[best];
      if (w.in_port < 64) {
        summary.inputs_used |= std::uint64_t{1} << w.in_port;
        summary.by_input[w.in_port] = static_cast<std::uint8_t>(granted);
      }
      if (w.out < 64) summary.outputs_used |= std::uint64_t{1} << w.out;
      port_state[out].last_grant = static_cast<std::uint16_t>(w.ivc);
      std::swap(requests[granted++], requests[best]);
    };
    if (ports <= 64) {
      // Only the outputs someone requests, in the rotated order: first_output, then up,
      // wrapping round.
      const unsigned first = first_output;
      const std::uint64_t below = (std::uint64_t{1} << first) - 1;  // first < ports <= 64
      for (std::uint64_t outs : {requested_outputs & ~below, requested_outputs & below}) {
        for (; outs != 0 && granted < requests.size(); outs &= outs - 1) {
          arbitrate(static_cast<PortId>(std::countr_zero(outs)));
        }
      }
    } else {
      PortId out = first_output;
      for (PortId k = 0; k < ports && granted < requests.size();
           ++k, out = out + 1 == ports ? 0 : out + 1) {
        arbitrate(out);
      }
    }
    // (first_output + 1) % ports for first_output < ports, without a division per pass.
    if (granted > 0) {
      first_output = static_cast<std::uint16_t>(first_output + 1u >= ports ? 0 : first_output + 1u);
    }
    return granted;
  }
};

}  // namespace net
