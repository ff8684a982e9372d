// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/switch_allocator.hpp"

#include <utility>

namespace net {

void advance_pointers(AllocationRound& round, std::span<const AllocationRequest> requests,
                      std::span<const std::uint32_t> winners) {
  for (const std::uint32_t k : winners) {
    const AllocationRequest& w = requests[k];
    round.port_state[w.out].last_grant = static_cast<std::uint16_t>(w.ivc);
    round.port_state[w.in_port].last_accept = static_cast<std::uint16_t>(w.out);
  }
}

void move_winners_to_front(std::span<AllocationRequest> requests,
                           std::span<std::uint32_t> winners) {
  for (std::size_t k = 0; k < winners.size(); ++k) {
    const std::uint32_t from = winners[k];
    if (from == k) continue;
    std::swap(requests[k], requests[from]);
    // The request that sat at k is now at `from`: a later winner may be that one.
    for (std::size_t j = k + 1; j < winners.size(); ++j) {
      if (winners[j] == k) winners[j] = from;
    }
  }
}

}  // namespace net
