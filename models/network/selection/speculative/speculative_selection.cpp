// SPDX-License-Identifier: Apache-2.0
#include "models/network/selection/speculative/speculative_selection.hpp"

#include <memory>

#include "models/network/selection/channel_cost.hpp"
#include "models/network/selection/speculative/status_age_results.hpp"
#include "pdes/error.hpp"

namespace net::speculative {

SpeculativeSelection::SpeculativeSelection(std::uint32_t level, const Topology& topology,
                                           std::int64_t cycle_ticks, SpeculativeParams params)
    : level_(level), cycle_ticks_(cycle_ticks), exchange_(topology, params) {
  PDES_CHECK(level == 1 || level == 2, "speculation level must be 1 or 2");
}

std::string_view SpeculativeSelection::name() const {
  return level_ == 1 ? "speculative_1hop" : "speculative_2hop";
}

std::size_t SpeculativeSelection::select(const SelectionInput& at,
                                         std::span<const SelectionOption> options,
                                         AlgorithmState& state, pdes::Rng& /*rng*/) const {
  NeighbourStatus& s = state.get<NeighbourStatus>();
  const std::int64_t now = at.router.now();
  const std::int64_t cycle = cycle_ticks_;
  const auto age_of = [&](const NcbEntry& e) {
    return static_cast<std::uint64_t>((now - e.sampled) / cycle);
  };
  const double k = exchange_.params().k;
  return least_cost_option(at, options, exchange_.params().d_marks, [&](const SelectionOption& o) {
    double term = 0.0;
    const NcbEntry& one = s.one_hop[o.port];
    if (one.valid != 0) {
      term += one.value;
      if (one.quiet == 0) s.one_hop_age.add(age_of(one));
    }
    if (level_ == 2) {
      const NcbEntry& two = s.two_hop[o.port];
      if (two.valid != 0) {
        term += k * two.value;
        if (two.quiet == 0) s.two_hop_age.add(age_of(two));
      }
    }
    return term;
  });
}

std::unique_ptr<ResultsExtension> SpeculativeSelection::make_results() const {
  return std::make_unique<StatusAgeResults>();
}

}  // namespace net::speculative
