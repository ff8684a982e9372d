// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/separable_output_first.hpp"

#include "models/network/router/allocators/port_scratch.hpp"

namespace net {

std::size_t SeparableOutputFirstAllocator::allocate(AllocationRound& round) const {
  const std::span<AllocationRequest> requests = round.requests;
  const Arbiters arbiters(round);
  constexpr std::int32_t kNone = -1;
  // Output stage: each output's grant among all the requests for it.
  PortScratch<std::int32_t> granted(round.ports, kNone);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    std::int32_t& g = granted[requests[i].out];
    if (g == kNone || arbiters.output_prefers(requests[i], requests[g])) {
      g = static_cast<std::int32_t>(i);
    }
  }
  // Input stage: each input's choice among the grants it received.
  PortScratch<std::int32_t> accepted(round.ports, kNone);
  for (std::uint32_t out = 0; out < round.ports; ++out) {
    const std::int32_t g = granted[out];
    if (g == kNone) continue;
    std::int32_t& a = accepted[requests[g].in_port];
    if (a == kNone || arbiters.input_prefers(requests[g], requests[a])) a = g;
  }
  PortScratch<std::uint32_t> winners(round.ports, 0);
  std::size_t count = 0;
  for (std::uint32_t out = 0; out < round.ports; ++out) {
    const std::int32_t g = granted[out];
    if (g != kNone && accepted[requests[g].in_port] == g) {
      winners[count++] = static_cast<std::uint32_t>(g);
    }
  }
  advance_pointers(round, requests, std::span<const std::uint32_t>(&winners[0], count));
  move_winners_to_front(requests, std::span<std::uint32_t>(&winners[0], count));
  return count;
}

}  // namespace net
