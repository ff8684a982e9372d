// SPDX-License-Identifier: Apache-2.0
// CpsAnnealer (cps_annealer.hpp) and CPS-OPT: minimal paths by simulated annealing, then the
// branch-and-bound schedule on them.
#include <doctest/doctest.h>

#include <bit>
#include <random>
#include <vector>

#include "models/network/missions/cps_annealer.hpp"
#include "models/network/missions/link_load_bound.hpp"
#include "models/network/missions/opt_schedule.hpp"

using namespace net::missions;

TEST_CASE("CPS-OPT splits two messages 0 -> 3 over the two minimal paths of Q2") {
  // e-cube sends both over 0-1-3 (peak load 8, OPT under MS 12); annealed paths use 0-1-3 and
  // 0-2-3 (peak 4), and both messages run in parallel: 8 = ℓ × H.
  const std::vector<ScheduledMessage> m{{0, 3, 4, 0}, {0, 3, 4, 0}};
  const AnnealedPaths paths = CpsAnnealer(2, true, 200).anneal(m, 1);
  CHECK(paths.peak_load == 4);
  CHECK(paths.dimensions[0] != paths.dimensions[1]);
  const OptScheduler opt(2, true, ScheduleMode::kMessage, 1000);
  CHECK(opt.solve(m).makespan == 12);
  const OptResult cps = opt.solve(m, paths.dimensions);
  CHECK(cps.makespan == 8);
  CHECK(cps.proven);
}

TEST_CASE("annealed paths are minimal, no worse than e-cube, and reproducible") {
  std::mt19937 rng(5);
  std::normal_distribution<double> len(10.0, 5.0);
  std::vector<ScheduledMessage> m;
  std::vector<MissionMessageSpec> specs;
  for (std::uint32_t s = 0; s < 16; ++s) {
    for (std::uint32_t d = 0; d < 16; ++d) {
      const double l = len(rng);
      if (s == d || l < 1) continue;
      m.push_back({s, d, static_cast<std::uint32_t>(l), 0});
      specs.push_back({s, d, static_cast<std::uint32_t>(l)});
    }
  }
  const CpsAnnealer annealer(4, true, 20000);
  const AnnealedPaths a = annealer.anneal(m, 7);
  for (std::size_t i = 0; i < m.size(); ++i) {
    std::uint32_t mask = 0;
    for (const std::uint32_t d : a.dimensions[i]) mask ^= 1u << d;
    CHECK(mask == (m[i].src ^ m[i].dst));  // each needed dimension once: a minimal path
    CHECK(a.dimensions[i].size() == static_cast<std::size_t>(std::popcount(mask)));
  }
  const std::int64_t ecube_peak = ecube_bound(specs, 4, true, false);
  CHECK(a.peak_load <= ecube_peak);
  CHECK(a.peak_load < ecube_peak);  // at density 1, balancing always finds something
  CHECK(annealer.anneal(m, 7).dimensions == a.dimensions);
  const OptResult cps = OptScheduler(4, true, ScheduleMode::kCircuit, 200).solve(m, a.dimensions);
  CHECK(cps.lower_bound >= a.peak_load);
  CHECK(cps.makespan >= cps.lower_bound);
}
