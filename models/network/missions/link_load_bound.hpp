// SPDX-License-Identifier: Apache-2.0
//
// Offline references for one mission on Q_n (§3.2, CPS; docs/reproduction/missions.md,
// targets 1-3):
//
// - ecube_bound: a lower bound on the makespan of any schedule over e-cube paths (the paper's
//   OPT uses them, §3.1): the largest total length crossing one link (a half-duplex link counts
//   both directions, as in our calibration of the paper's setting), and no message arrives before
//   ℓ × H after its release (ℓ under circuit switching and virtual cut-through).
// - min_max_load: the centralized path selection reference (CPS, §4.4: "minimise the maximum
//   link load"), [OURS] in place of the paper's simulated annealing ([7], not in the text): a
//   local search over minimal paths from two starts (greedy paths, longest messages first, each
//   hop on the least-loaded remaining dimension; and the e-cube paths), each refined by rounds
//   of re-routing every message hop by hop on least-loaded links when that lowers the peak on
//   its path. The better start's peak link load (with ℓ × H) is the reference: never above the
//   e-cube bound, an upper estimate of the true min-max load, not a proven bound.
#pragma once

#include <cstdint>
#include <span>

namespace net::missions {

struct MissionMessageSpec {
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t length = 0;
};

/// `store_and_forward`: a message needs ℓ × H cycles (message switching); otherwise ℓ (circuit
/// switching, virtual cut-through).
std::int64_t ecube_bound(std::span<const MissionMessageSpec> messages, std::uint32_t dimension,
                         bool half_duplex, bool store_and_forward = true);

std::int64_t min_max_load(std::span<const MissionMessageSpec> messages,
                          std::uint32_t dimension, bool half_duplex, int rounds = 3,
                          bool store_and_forward = true);

}  // namespace net::missions
