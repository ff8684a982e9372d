// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/bernoulli_injection.hpp"

namespace net {

void BernoulliInjection::begin(std::uint64_t /*first*/, double /*rate*/, NodeId /*node*/,
                               InjectionState& /*state*/, pdes::Rng& /*rng*/) const {}

std::optional<Arrival> BernoulliInjection::next(std::uint64_t from, std::uint64_t end, double rate,
                                                InjectionState& /*state*/, pdes::Rng& rng) const {
  // Trials at cycles from, from + 1, ...: the first success is at from - 1 + G.
  const std::uint64_t cycle = from - 1 + geometric_trials(rate, rng);
  if (cycle >= end) return std::nullopt;
  return Arrival{cycle, 1};
}

}  // namespace net
