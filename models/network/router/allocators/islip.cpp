// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/islip.hpp"

#include "models/network/router/allocators/port_scratch.hpp"

namespace net {

std::size_t IslipAllocator::allocate(AllocationRound& round) const {
  const std::span<AllocationRequest> requests = round.requests;
  const Arbiters arbiters(round);
  constexpr std::int32_t kNone = -1;
  PortScratch<bool> input_matched(round.ports, false);
  PortScratch<bool> output_matched(round.ports, false);
  PortScratch<std::int32_t> granted(round.ports, kNone);
  PortScratch<std::int32_t> accepted(round.ports, kNone);
  PortScratch<std::uint32_t> winners(round.ports, 0);
  std::size_t count = 0;
  for (std::uint32_t iteration = 0; iteration < params_.iterations; ++iteration) {
    // Grant: each unmatched output, among the requests of unmatched inputs.
    for (std::uint32_t p = 0; p < round.ports; ++p) granted[p] = accepted[p] = kNone;
    for (std::size_t i = 0; i < requests.size(); ++i) {
      const AllocationRequest& r = requests[i];
      if (input_matched[r.in_port] || output_matched[r.out]) continue;
      std::int32_t& g = granted[r.out];
      if (g == kNone || arbiters.output_prefers(r, requests[g])) g = static_cast<std::int32_t>(i);
    }
    // Accept: each input, among the grants it received.
    for (std::uint32_t out = 0; out < round.ports; ++out) {
      const std::int32_t g = granted[out];
      if (g == kNone) continue;
      std::int32_t& a = accepted[requests[g].in_port];
      if (a == kNone || arbiters.input_prefers(requests[g], requests[a])) a = g;
    }
    const std::size_t before = count;
    for (std::uint32_t in = 0; in < round.ports; ++in) {
      const std::int32_t a = accepted[in];
      if (a == kNone) continue;
      const AllocationRequest& w = requests[a];
      input_matched[w.in_port] = true;
      output_matched[w.out] = true;
      winners[count++] = static_cast<std::uint32_t>(a);
    }
    if (count == before) break;  // nothing new: no later iteration can add anything either
    if (iteration == 0) {
      advance_pointers(round, requests, std::span<const std::uint32_t>(&winners[0], count));
    }
  }
  move_winners_to_front(requests, std::span<std::uint32_t>(&winners[0], count));
  return count;
}

}  // namespace net
