// SPDX-License-Identifier: Apache-2.0
//
// CpsAnnealer: the path half of CPS-OPT (Tsai & Shin, ICDCS 1996, §3.2 "centralized path
// selection"): with every message's length known in advance, choose a minimal path
// per message to minimise the largest link load ("t̂ is usually dominated by the most
// heavily-loaded link"), by simulated annealing. The paper's annealing is in [7] ("Appendix
// A"), which is not available; this design is ours:
//   - state: each message's order of its needed dimensions (any order is a minimal path);
//     start: the e-cube orders;
//   - energy: the largest link load plus 1/16 of the mean squared load over loaded links divided
//     by the largest (the second term breaks the plateaus of equal peaks, favouring fewer loaded
//     links at the peak);
//   - move: a message on a peak link (3 moves in 4) or any message gets a random other order;
//     Metropolis acceptance at temperature T, geometric from 0.5 × the mean length down to
//     0.005 × over `iterations` moves; the best state seen is kept (least peak, then energy);
//   - randomness: std::mt19937_64 seeded with `seed` (offline, outside the simulation's
//     streams; the results seed it with the mission's group, so runs are reproducible).
// The schedule half of CPS-OPT is OptScheduler over these paths (opt_schedule.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "models/network/missions/opt_schedule.hpp"

namespace net::missions {

struct AnnealedPaths {
  std::vector<std::vector<std::uint32_t>> dimensions;  ///< per message, in path order
  std::int64_t peak_load = 0;                          ///< the largest link load on them
};

class CpsAnnealer {
 public:
  CpsAnnealer(std::uint32_t dimension, bool half_duplex, std::uint64_t iterations)
      : dimension_(dimension), half_duplex_(half_duplex), iterations_(iterations) {}

  AnnealedPaths anneal(std::span<const ScheduledMessage> messages, std::uint64_t seed) const;

 private:
  const std::uint32_t dimension_;
  const bool half_duplex_;
  const std::uint64_t iterations_;
};

}  // namespace net::missions
