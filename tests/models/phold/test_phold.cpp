// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "models/phold/phold_lp.hpp"
#include "models/phold/phold_build.hpp"
#include "pdes/pdes.hpp"

using namespace pdes;

namespace {

RunResult run_phold(const phold::PholdParams& params, std::uint64_t seed, double end_units) {
  KernelConfig config;
  config.seed = seed;
  config.end_time = SimTime{static_cast<std::int64_t>(end_units * phold::kTicksPerUnit)};
  Simulation sim(config);
  phold::build(sim, params);
  return sim.run();
}

phold::PholdParams small() {
  phold::PholdParams p;
  p.lps = 64;
  p.start_events = 4;
  p.group_size = 8;
  p.remote_fraction = 0.5;
  return p;
}

}  // namespace

TEST_CASE("PHOLD is deterministic: same seed, same digest; another seed, another digest") {
  const RunResult a = run_phold(small(), 1, 200.0);
  const RunResult b = run_phold(small(), 1, 200.0);
  CHECK(a.total.event_digest == b.total.event_digest);
  CHECK(a.total.events_committed == b.total.events_committed);
  CHECK(a.total.events_committed > 10000);
  const RunResult c = run_phold(small(), 2, 200.0);
  CHECK(c.total.event_digest != a.total.event_digest);
}

TEST_CASE("PHOLD's event population is constant, so the event rate per LP matches the delays") {
  // With lookahead L and mean M each event lives L + M on average: about
  // lps * start_events * T / (L + M) events by time T.
  phold::PholdParams p = small();
  p.lookahead = 0.5;
  p.mean_delay = 1.5;
  const RunResult r = run_phold(p, 7, 1000.0);
  const double expected = 64.0 * 4 * 1000.0 / 2.0;
  CHECK(static_cast<double>(r.total.events_committed) == doctest::Approx(expected).epsilon(0.02));
}

TEST_CASE("PHOLD parameters are checked") {
  Simulation sim(KernelConfig{});
  SUBCASE("remote events need two groups") {
    phold::PholdParams p = small();
    p.group_size = 64;
    CHECK_THROWS_WITH_AS(phold::build(sim, p), doctest::Contains("phold.remote_fraction"), ConfigError);
  }
  SUBCASE("group larger than the model") {
    phold::PholdParams p = small();
    p.group_size = 65;
    CHECK_THROWS_WITH_AS(phold::build(sim, p), doctest::Contains("phold.group_size"), ConfigError);
  }
  SUBCASE("mean delay must be positive") {
    phold::PholdParams p = small();
    p.mean_delay = 0.0;
    CHECK_THROWS_WITH_AS(phold::build(sim, p), doctest::Contains("phold.mean_delay"), ConfigError);
  }
  SUBCASE("one group is fine without remote events") {
    phold::PholdParams p = small();
    p.group_size = 64;
    p.remote_fraction = 0.0;
    CHECK_NOTHROW(phold::build(sim, p));
  }
}
