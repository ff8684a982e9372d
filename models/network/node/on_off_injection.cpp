// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/on_off_injection.hpp"

#include <string>

#include "io/config/configurable_registry.hpp"
#include "models/network/node/injection_registry.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace net {

std::unique_ptr<InjectionProcess> OnOffInjection::create(const InjectionSetup& setup) {
  const auto p = io::options_or_default<OnOffParams>(setup.options);
  // Geometric durations on {1, 2, ...}: a mean below one cycle has no such distribution.
  if (!(p.mean_on_cycles >= 1.0)) {
    throw pdes::ConfigError(std::string(kMeanOnKey),
                            "a burst lasts at least one cycle on average; got " +
                                std::to_string(p.mean_on_cycles));
  }
  if (!(p.mean_off_cycles >= 1.0)) {
    throw pdes::ConfigError(std::string(kMeanOffKey),
                            "a silence lasts at least one cycle on average; got " +
                                std::to_string(p.mean_off_cycles));
  }
  return std::make_unique<OnOffInjection>(p.mean_on_cycles, p.mean_off_cycles);
}

io::PartConfig OnOffInjection::config() {
  const auto declare = [](io::Schema& s) {
    const OnOffParams d;
    s.describe_section("traffic.on_off", "Bursty injection: two-state Markov-modulated Bernoulli");
    s.section_active_when("traffic.on_off", std::string(kInjectionKey), "on_off");
    s.add_float(std::string(kMeanOnKey), d.mean_on_cycles)
        .min(1.0)
        .finite()
        .unit("cycles")
        .describe("Mean burst length (geometric); bursts run at load * (on + off) / on");
    s.add_float(std::string(kMeanOffKey), d.mean_off_cycles)
        .min(1.0)
        .finite()
        .unit("cycles")
        .describe("Mean silence between bursts (geometric)");
  };
  return {"traffic.on_off", declare, [](const io::Config& config) -> std::any {
            return OnOffParams{config.get_float(kMeanOnKey), config.get_float(kMeanOffKey)};
          }};
}

OnOffInjection::OnOffInjection(double mean_on_cycles, double mean_off_cycles)
    : mean_on_(mean_on_cycles), mean_off_(mean_off_cycles) {
  PDES_CHECK(mean_on_ >= 1.0 && mean_off_ >= 1.0, "on/off periods shorter than one cycle");
}

void OnOffInjection::begin(std::uint64_t first, double /*rate*/, NodeId /*node*/,
                           InjectionState& state, pdes::Rng& rng) const {
  state.on = rng.uniform() * (mean_on_ + mean_off_) < mean_on_;
  state.period_end = first + geometric_trials(1.0 / (state.on ? mean_on_ : mean_off_), rng);
}

std::optional<Arrival> OnOffInjection::next(std::uint64_t from, std::uint64_t end, double rate,
                                            InjectionState& state, pdes::Rng& rng) const {
  const double p_on = std::min(1.0, rate_on(rate));
  std::uint64_t cursor = from;  // the first cycle not yet decided
  while (cursor < end) {
    if (cursor >= state.period_end) {
      // Periods are contiguous: the next one starts where this one ended.
      state.on = !state.on;
      state.period_end += geometric_trials(1.0 / (state.on ? mean_on_ : mean_off_), rng);
      continue;
    }
    if (state.on) {
      // Bernoulli trials from `cursor`; one that lands after the burst is discarded, which the
      // memoryless property makes exact.
      const std::uint64_t cycle = cursor - 1 + geometric_trials(p_on, rng);
      if (cycle < state.period_end) {
        if (cycle >= end) return std::nullopt;
        return Arrival{cycle, 1};
      }
    }
    cursor = state.period_end;
  }
  return std::nullopt;
}

}  // namespace net
