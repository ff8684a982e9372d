// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/traffic_source.hpp"

#include <doctest/doctest.h>

#include <memory>

#include "models/network/node/bernoulli_injection.hpp"
#include "models/network/node/poisson_injection.hpp"
#include "models/network/traffic/bit_complement.hpp"
#include "models/network/traffic/transpose.hpp"
#include "tests/models/network/traffic/traffic_checks.hpp"

using net::Generation;
using net::PhaseSchedule;
using net::TrafficSource;

namespace {

constexpr std::uint64_t kNodes = 16;

/// Every generation of `source` for `node`, as NodeLp asks for them.
std::vector<Generation> generations(const TrafficSource& source, net::NodeId node = 5) {
  net::testing::TestRng r(1, node);
  net::InjectionState state;
  std::vector<Generation> out;
  std::uint64_t from = 1;
  while (auto g = source.next(from, node, state, r.rng)) {
    REQUIRE(g->cycle >= from);
    out.push_back(*g);
    from = g->cycle + 1;
    REQUIRE(out.size() < 1'000'000);
  }
  return out;
}

std::shared_ptr<const net::InjectionProcess> bernoulli() {
  return std::make_shared<const net::BernoulliInjection>();
}

// Phase 0: bit complement at one packet per cycle; phase 1: silent; phase 2: transpose at one
// packet per cycle. Durations 100, 50, 100; twice.
TrafficSource two_bursts(std::uint64_t repeat,
                         std::uint64_t injection_end = PhaseSchedule::kNever) {
  const auto complement = std::make_shared<const net::traffic::BitComplement>(kNodes);
  const auto transpose = std::make_shared<const net::traffic::Transpose>(kNodes);
  return TrafficSource({{complement, 1.0}, {complement, 0.0}, {transpose, 1.0}},
                       PhaseSchedule({100, 50, 100}, repeat), bernoulli(), injection_end);
}

}  // namespace

TEST_CASE("phases switch pattern and rate at their boundaries, and repeat") {
  const TrafficSource source = two_bursts(2);
  const auto g = generations(source);
  // Phase 0 of repetition 0 starts at cycle 0, but cycle 0 is never a generation cycle.
  std::vector<Generation> expected;
  for (std::uint64_t c = 1; c < 100; ++c) expected.push_back({c, 1, 0});
  for (std::uint64_t c = 150; c < 250; ++c) expected.push_back({c, 1, 2});
  for (std::uint64_t c = 250; c < 350; ++c) expected.push_back({c, 1, 0});
  for (std::uint64_t c = 400; c < 500; ++c) expected.push_back({c, 1, 2});
  CHECK(g == expected);

  net::testing::TestRng r;
  const net::NodeId node = 5;  // 0101: complement 1010 = 10; transpose swaps halves: 0101 = 5
  CHECK(source.destination(0, node, r.rng) == 10);
  CHECK(source.destination(2, 6, r.rng) == 9);  // 0110 -> 1001
}

TEST_CASE("phases repeated forever go on; the injection end stops them") {
  const auto g = generations(two_bursts(net::kRepeatForever, 1000));
  REQUIRE_FALSE(g.empty());
  CHECK(g.back().cycle == 999);
  CHECK(g.back().phase == 2);
  CHECK(g.size() == 99 + 100 + 3 * 200);  // repetitions 0 (from cycle 1) to 3, of 250 cycles
}

TEST_CASE("steady traffic: one endless phase at the rate, until the injection end") {
  const auto uniformish = std::make_shared<const net::traffic::BitComplement>(kNodes);
  const TrafficSource source({{uniformish, 0.2}}, PhaseSchedule::steady(), bernoulli(), 50'001);
  const auto g = generations(source);
  CHECK(g.size() == doctest::Approx(10'000).epsilon(0.05));
  for (const auto& x : g) CHECK(x.phase == 0);
  CHECK(g.back().cycle <= 50'000);
}

TEST_CASE("a source whose phases all have rate 0 generates nothing and draws nothing") {
  const auto p = std::make_shared<const net::traffic::BitComplement>(kNodes);
  const TrafficSource source({{p, 0.0}, {p, 0.0}}, PhaseSchedule({10, 10}, net::kRepeatForever),
                             bernoulli());
  net::testing::TestRng r;
  net::InjectionState state;
  CHECK_FALSE(source.next(1, 0, state, r.rng).has_value());
  CHECK(r.counter == 0);
}

TEST_CASE("the process restarts at each phase occurrence (Poisson's clock is redrawn)") {
  const auto p = std::make_shared<const net::traffic::BitComplement>(kNodes);
  const TrafficSource source({{p, 0.9}, {p, 0.0}}, PhaseSchedule({10, 1000}, 3),
                             std::make_shared<const net::PoissonInjection>());
  for (const auto& g : generations(source)) {
    CHECK(g.phase == 0);
    CHECK(g.cycle % 1010 < 10);
  }
}
