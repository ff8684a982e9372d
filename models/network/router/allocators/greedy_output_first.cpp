// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/greedy_output_first.hpp"

namespace net {

std::size_t GreedyOutputFirstAllocator::allocate(AllocationRound& round) const {
  std::uint64_t requested_outputs = 0;
  for (const AllocationRequest& r : round.requests) {
    if (r.out < 64) requested_outputs |= std::uint64_t{1} << r.out;
  }
  GrantSummary summary;
  return run(round.requests, requested_outputs, round.ports, round.vcs, round.port_state.data(),
             round.first_output, summary);
}

}  // namespace net
