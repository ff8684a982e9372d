// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/uniform.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::Uniform;

TEST_CASE("Uniform spreads destinations evenly over all nodes, source included") {
  const Uniform pattern(16);
  CHECK(pattern.name() == "uniform");
  CHECK_FALSE(pattern.is_permutation());
  net::testing::TestRng r;
  constexpr int kDraws = 160000;
  std::vector<int> hits(16, 0);
  for (int i = 0; i < kDraws; ++i) ++hits[pattern.destination(3, r.rng)];
  CHECK(r.counter == kDraws);  // one draw per packet
  // Expected 10000 each; 5 sigma = 5 * sqrt(10000 * 15/16) ~ 484.
  for (int h : hits) CHECK(std::abs(h - 10000) < 500);
  CHECK(hits[3] > 0);  // the source itself is a destination, as in BookSim2
}

TEST_CASE("Uniform is reproducible for a given stream") {
  const Uniform pattern(1000);
  net::testing::TestRng a(99, 5);
  net::testing::TestRng b(99, 5);
  for (int i = 0; i < 100; ++i)
    CHECK(pattern.destination(0, a.rng) == pattern.destination(0, b.rng));
}

TEST_CASE("Uniform accepts any node count and rejects bad use") {
  CHECK_NOTHROW(Uniform(1));
  CHECK_NOTHROW(Uniform(48));
  SUBCASE("no nodes") { REQUIRE_THROWS_AS(Uniform(0), pdes::ConfigError); }
  SUBCASE("source out of range") {
    net::testing::TestRng r;
    CHECK_THROWS_AS(Uniform(4).destination(4, r.rng), pdes::InvariantError);
  }
}
