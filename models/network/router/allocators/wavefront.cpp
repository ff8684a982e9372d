// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/wavefront.hpp"

#include <vector>

#include "models/network/router/allocators/port_scratch.hpp"

namespace net {

std::size_t WavefrontAllocator::allocate(AllocationRound& round) const {
  const std::span<AllocationRequest> requests = round.requests;
  const std::uint32_t n = round.ports;
  constexpr std::int32_t kNone = -1;
  // The request matrix, one bit per (input, output): row `in` is words [in * words, ...).
  const std::size_t words = (n + 63) / 64;
  std::vector<std::uint64_t> heap_matrix;
  std::uint64_t inline_matrix[64] = {};
  std::uint64_t* matrix = inline_matrix;
  if (n * words > 64) {
    heap_matrix.assign(n * words, 0);
    matrix = heap_matrix.data();
  }
  for (const AllocationRequest& r : requests) {
    matrix[r.in_port * words + r.out / 64] |= std::uint64_t{1} << (r.out % 64);
  }
  // Diagonal p of the wave starting at `first`: cells (first + p - q mod n, q), q = 0 .. n-1.
  PortScratch<std::int32_t> match(n, kNone);  // per input: its output
  PortScratch<bool> output_taken(n, false);
  const std::uint32_t first = round.first_output % n;
  for (std::uint32_t p = 0; p < n; ++p) {
    for (std::uint32_t q = 0; q < n; ++q) {
      std::uint32_t in = first + p + n - q;
      in %= n;
      if (match[in] != kNone || output_taken[q]) continue;
      if ((matrix[in * words + q / 64] >> (q % 64) & 1) == 0) continue;
      match[in] = static_cast<std::int32_t>(q);
      output_taken[q] = true;
    }
  }
  // Which VC of each granted input moves: priority first, then the output's round robin.
  const Arbiters arbiters(round);
  PortScratch<std::int32_t> best(n, kNone);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const AllocationRequest& r = requests[i];
    if (match[r.in_port] != static_cast<std::int32_t>(r.out)) continue;
    std::int32_t& b = best[r.in_port];
    if (b == kNone || arbiters.output_prefers(r, requests[b])) b = static_cast<std::int32_t>(i);
  }
  PortScratch<std::uint32_t> winners(n, 0);
  std::size_t count = 0;
  for (std::uint32_t in = 0; in < n; ++in) {
    if (best[in] == kNone) continue;
    const AllocationRequest& w = requests[best[in]];
    round.port_state[w.out].last_grant = static_cast<std::uint16_t>(w.ivc);
    winners[count++] = static_cast<std::uint32_t>(best[in]);
  }
  if (count > 0) round.first_output = static_cast<std::uint16_t>((first + 1) % n);
  move_winners_to_front(requests, std::span<std::uint32_t>(&winners[0], count));
  return count;
}

}  // namespace net
