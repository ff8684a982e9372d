// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/hot_spot.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::HotSpot;

TEST_CASE("HotSpot sends the given fraction to the hot nodes, the rest uniformly") {
  const HotSpot pattern(64, {5, 40}, 0.25);
  CHECK(pattern.name() == "hot_spot");
  CHECK_FALSE(pattern.is_permutation());
  net::testing::TestRng r(2024, 11);
  constexpr int kDraws = 200000;
  std::vector<int> hits(64, 0);
  for (int i = 0; i < kDraws; ++i) ++hits[pattern.destination(i % 64, r.rng)];
  // Each hot node: 0.25 / 2 + 0.75 / 64 of the traffic; each other node 0.75 / 64.
  const double hot_p = 0.125 + 0.75 / 64;
  const double cold_p = 0.75 / 64;
  for (int n = 0; n < 64; ++n) {
    const double p = (n == 5 || n == 40) ? hot_p : cold_p;
    const double sigma = std::sqrt(kDraws * p * (1 - p));
    CHECK(std::abs(hits[n] - kDraws * p) < 5 * sigma);
  }
  // The hot fraction (the hot nodes' share minus their uniform part) is within 0.01 of 0.25.
  const double hot_share = (hits[5] + hits[40]) / double(kDraws) - 2 * cold_p;
  CHECK(std::abs(hot_share - 0.25) < 0.01);
}

TEST_CASE("HotSpot with fraction 1 sends everything to the hot nodes (BookSim2 hotspot)") {
  const HotSpot pattern(16, {3}, 1.0);
  net::testing::TestRng r;
  for (int i = 0; i < 1000; ++i) CHECK(pattern.destination(i % 16, r.rng) == 3);
}

TEST_CASE("HotSpot with fraction 0 is uniform") {
  const HotSpot pattern(8, {3}, 0.0);
  net::testing::TestRng r;
  std::vector<int> hits(8, 0);
  for (int i = 0; i < 80000; ++i) ++hits[pattern.destination(0, r.rng)];
  for (int h : hits) CHECK(std::abs(h - 10000) < 500);
}

TEST_CASE("HotSpot rejects invalid parameters") {
  SUBCASE("no hot nodes") {
    REQUIRE_THROWS_AS(HotSpot(16, {}, 0.5), pdes::ConfigError);
    CHECK_THROWS_WITH(HotSpot(16, {}, 0.5), doctest::Contains("traffic.hot_spot.nodes"));
  }
  SUBCASE("hot node out of range") {
    REQUIRE_THROWS_AS(HotSpot(16, {3, 16}, 0.5), pdes::ConfigError);
    CHECK_THROWS_WITH(HotSpot(16, {3, 16}, 0.5),
                      "traffic.hot_spot.nodes: hot node 16 does not exist; the network has 16 "
                      "nodes");
  }
  SUBCASE("duplicate hot node") {
    REQUIRE_THROWS_AS(HotSpot(16, {3, 7, 3}, 0.5), pdes::ConfigError);
    CHECK_THROWS_WITH(HotSpot(16, {3, 7, 3}, 0.5), doctest::Contains("listed twice"));
  }
  SUBCASE("fraction above 1") {
    REQUIRE_THROWS_AS(HotSpot(16, {3}, 1.5), pdes::ConfigError);
    CHECK_THROWS_WITH(HotSpot(16, {3}, 1.5), doctest::Contains("traffic.hot_spot.fraction"));
  }
  SUBCASE("negative fraction") { REQUIRE_THROWS_AS(HotSpot(16, {3}, -0.1), pdes::ConfigError); }
  SUBCASE("NaN fraction") { REQUIRE_THROWS_AS(HotSpot(16, {3}, std::nan("")), pdes::ConfigError); }
  SUBCASE("factory without nodes") {
    net::traffic::HotSpotParams params;
    params.fraction = 0.1;
    REQUIRE_THROWS_AS(HotSpot::create(net::TrafficContext::nodes_only(16), params),
                      pdes::ConfigError);
    CHECK_THROWS_WITH(HotSpot::create(net::TrafficContext::nodes_only(16), params),
                      doctest::Contains("traffic.hot_spot.nodes: required"));
  }
  SUBCASE("factory without fraction") {
    net::traffic::HotSpotParams params;
    params.nodes = {1};
    REQUIRE_THROWS_AS(HotSpot::create(net::TrafficContext::nodes_only(16), params),
                      pdes::ConfigError);
    CHECK_THROWS_WITH(HotSpot::create(net::TrafficContext::nodes_only(16), params),
                      doctest::Contains("traffic.hot_spot.fraction: required"));
  }
}
