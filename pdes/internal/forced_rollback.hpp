// SPDX-License-Identifier: Apache-2.0
//
// ForcedRollback: the optimistic engine's debug mode that rolls LPs back at random
// (KernelConfig::forced_rollback_probability), to exercise rollback, coast-forward and
// cancellation on every event pattern, including on one rank where no straggler ever arrives.
//
// Its stream is seeded from (seed, rank) and is the kernel's own: it never touches an LP's
// random stream, so results must stay bit-identical to a run without it — which is the test.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace pdes::internal {

class ForcedRollback {
 public:
  /// Rollbacks reach back at most this many events.
  static constexpr std::size_t kMaxDistance = 8;

  ForcedRollback(double probability, std::uint64_t seed, int rank)
      : probability_(probability),
        state_(seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(rank) + 1) {}

  bool active() const { return probability_ > 0.0; }
  /// Whether to roll back after this event.
  bool fire() { return static_cast<double>(next() >> 11) * 0x1.0p-53 < probability_; }
  /// How many of the LP's `available` uncommitted events to undo (at least one).
  std::size_t distance(std::size_t available) {
    return 1 + static_cast<std::size_t>(next() % std::min(available, kMaxDistance));
  }

 private:
  std::uint64_t next() {  // splitmix64
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  double probability_;
  std::uint64_t state_;
};

}  // namespace pdes::internal
