// SPDX-License-Identifier: Apache-2.0
//
// CircuitListSchedule: upper bounds for OPT under circuit switching (opt_schedule.hpp). The
// branch and bound places circuits in start order, appending to each link; as a list heuristic
// that is weak, because a circuit that waits for one busy link leaves its other links idle
// before it. Here each circuit, in a priority order, takes the earliest interval in which all
// its links are free ("backfilling", as the simulated circuit manager does at run time), and
// the order is improved by a short local search ([OURS]):
//   - start orders: LBF (ℓ × hops), LF, FF (hops), each ties by index;
//   - moves: move a circuit from the later half of the order (3 in 4) or any circuit to a
//     random earlier position; keep the move unless the makespan grows (sideways moves help
//     leave plateaus); `moves` moves, std::mt19937_64 seeded with `seed` (reproducible).
// The best makespan found is an upper bound on OPT; it proves nothing by itself.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "models/network/missions/opt_schedule.hpp"

namespace net::missions {

class CircuitListSchedule {
 public:
  /// `links[i]`: the link indices of message i's path.
  CircuitListSchedule(std::span<const ScheduledMessage> messages,
                      std::span<const std::vector<std::uint32_t>> links, std::size_t num_links)
      : messages_(messages), links_(links), num_links_(num_links) {}

  /// The latest completion of the backfilled schedule of `order` (absolute time).
  std::int64_t makespan(std::span<const std::size_t> order) const;
  /// The best latest completion found from the start orders and `moves` local-search moves.
  std::int64_t best(std::uint64_t moves, std::uint64_t seed) const;

 private:
  std::span<const ScheduledMessage> messages_;
  std::span<const std::vector<std::uint32_t>> links_;
  std::size_t num_links_;
};

}  // namespace net::missions
