// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/periodic_injection.hpp"

#include <algorithm>
#include <cmath>

#include "pdes/error.hpp"

namespace net {

PeriodicInjection::PeriodicInjection(PeriodicOffset offset, std::uint64_t num_nodes)
    : offset_(offset), num_nodes_(num_nodes) {
  PDES_CHECK(num_nodes > 0, "periodic injection without nodes");
}

double PeriodicInjection::tolerant_ceil(double x) {
  const double below = std::floor(x);
  return x - below <= 1e-12 * std::max(1.0, x) ? below : below + 1.0;
}

void PeriodicInjection::begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
                              pdes::Rng& rng) const {
  const double period = 1.0 / rate;
  state.anchor = first;
  state.count = 0;
  switch (offset_) {
    case PeriodicOffset::kAligned:
      state.offset = 0.0;
      break;
    case PeriodicOffset::kStaggered:
      state.offset = period * static_cast<double>(node) / static_cast<double>(num_nodes_);
      break;
    case PeriodicOffset::kRandom:
      state.offset = period * rng.uniform();
      break;
  }
}

std::optional<Arrival> PeriodicInjection::next(std::uint64_t from, std::uint64_t end, double rate,
                                               InjectionState& state, pdes::Rng& /*rng*/) const {
  const double due = tolerant_ceil(state.offset + static_cast<double>(state.count) / rate);
  // Compared in double first, so that a due time beyond any run cannot overflow.
  if (end <= state.anchor || due >= static_cast<double>(end - state.anchor)) return std::nullopt;
  const std::uint64_t cycle = state.anchor + static_cast<std::uint64_t>(due);
  PDES_CHECK(cycle >= from, "periodic injection went back in time");
  ++state.count;
  return Arrival{cycle, 1};
}

}  // namespace net
