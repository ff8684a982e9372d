// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/poisson_injection.hpp"

#include <algorithm>
#include <cmath>

namespace net {

void PoissonInjection::begin(std::uint64_t first, double rate, NodeId /*node*/,
                             InjectionState& state, pdes::Rng& rng) const {
  // Arrivals in (first - 1, first] belong to cycle `first`.
  state.clock = static_cast<double>(first - 1) + rng.exponential(1.0 / rate);
}

std::optional<Arrival> PoissonInjection::next(std::uint64_t from, std::uint64_t end, double rate,
                                              InjectionState& state, pdes::Rng& rng) const {
  // The arrival's cycle ceil(clock) is at or after `end` (tested in double before converting,
  // so that a far arrival cannot overflow).
  if (state.clock > static_cast<double>(end) - 1.0) return std::nullopt;
  // max(): an exponential draw of exactly 0 puts an arrival on the segment's boundary.
  const std::uint64_t cycle = std::max(from, static_cast<std::uint64_t>(std::ceil(state.clock)));
  if (cycle >= end) return std::nullopt;
  Arrival arrival{cycle, 0};
  const auto limit = static_cast<double>(cycle);
  while (state.clock <= limit) {
    ++arrival.packets;
    state.clock += rng.exponential(1.0 / rate);
  }
  return arrival;
}

}  // namespace net
