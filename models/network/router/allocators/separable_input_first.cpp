// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/separable_input_first.hpp"

#include "models/network/router/allocators/port_scratch.hpp"

namespace net {

std::size_t SeparableInputFirstAllocator::allocate(AllocationRound& round) const {
  const std::span<AllocationRequest> requests = round.requests;
  const Arbiters arbiters(round);
  constexpr std::int32_t kNone = -1;
  // Input stage: each input port's choice among its VCs' requests.
  PortScratch<std::int32_t> chosen(round.ports, kNone);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    std::int32_t& c = chosen[requests[i].in_port];
    if (c == kNone || arbiters.input_prefers(requests[i], requests[c])) {
      c = static_cast<std::int32_t>(i);
    }
  }
  // Output stage: each output's choice among the input choices that ask for it.
  PortScratch<std::int32_t> granted(round.ports, kNone);
  for (std::uint32_t in = 0; in < round.ports; ++in) {
    const std::int32_t c = chosen[in];
    if (c == kNone) continue;
    std::int32_t& g = granted[requests[c].out];
    if (g == kNone || arbiters.output_prefers(requests[c], requests[g])) g = c;
  }
  PortScratch<std::uint32_t> winners(round.ports, 0);
  std::size_t count = 0;
  for (std::uint32_t out = 0; out < round.ports; ++out) {
    const std::int32_t g = granted[out];
    if (g == kNone) continue;
    winners[count++] = static_cast<std::uint32_t>(g);
  }
  // Both arbiters of each granted request move past it (after all choices are made).
  advance_pointers(round, requests, std::span<const std::uint32_t>(&winners[0], count));
  move_winners_to_front(requests, std::span<std::uint32_t>(&winners[0], count));
  return count;
}

}  // namespace net
