// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/hot_area.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::HotArea;

TEST_CASE("HotArea: flow sources send on their flow, every other node uniformly") {
  const HotArea pattern(64, {25, 26, 27}, {4, 53, 14}, 1.0);
  CHECK(pattern.name() == "hot_area");
  CHECK_FALSE(pattern.is_permutation());
  CHECK(pattern.fraction() == 1.0);
  CHECK(pattern.flow_destination(26) == 53);
  CHECK(pattern.flow_destination(0) == 64);
  net::testing::TestRng r(2024, 11);
  for (int i = 0; i < 1000; ++i) {
    CHECK(pattern.destination(25, r.rng) == 4);
    CHECK(pattern.destination(26, r.rng) == 53);
    CHECK(pattern.destination(27, r.rng) == 14);
  }
  // A background source: uniform over all 64 nodes.
  constexpr int kDraws = 128000;
  std::vector<int> hits(64, 0);
  for (int i = 0; i < kDraws; ++i) ++hits[pattern.destination(3, r.rng)];
  const double sigma = std::sqrt(kDraws / 64.0 * (1 - 1 / 64.0));
  for (int h : hits) CHECK(std::abs(h - kDraws / 64.0) < 5 * sigma);
}

TEST_CASE("HotArea with fraction f sends f of a flow source's packets on its flow") {
  const HotArea pattern(16, {1}, {10}, 0.25);
  net::testing::TestRng r;
  constexpr int kDraws = 80000;
  int flow = 0;
  for (int i = 0; i < kDraws; ++i) flow += pattern.destination(1, r.rng) == 10;
  // 0.25 on the flow plus 0.75 / 16 of the uniform part.
  const double p = 0.25 + 0.75 / 16;
  CHECK(std::abs(flow - kDraws * p) < 5 * std::sqrt(kDraws * p * (1 - p)));
}

TEST_CASE("HotArea rejects invalid parameters, naming the key") {
  SUBCASE("no sources") {
    CHECK_THROWS_WITH_AS(HotArea(16, {}, {}, 1.0), doctest::Contains("traffic.hot_area.sources"),
                         pdes::ConfigError);
  }
  SUBCASE("fewer destinations than sources") {
    CHECK_THROWS_WITH_AS(HotArea(16, {1, 2}, {5}, 1.0),
                         "traffic.hot_area.destinations: needs one destination per source: 1 "
                         "destinations for 2 sources",
                         pdes::ConfigError);
  }
  SUBCASE("a node out of range") {
    CHECK_THROWS_WITH_AS(HotArea(16, {1, 16}, {5, 6}, 1.0),
                         "traffic.hot_area.sources: source 16 does not exist; the network has "
                         "16 nodes",
                         pdes::ConfigError);
    CHECK_THROWS_WITH_AS(HotArea(16, {1}, {99}, 1.0),
                         doctest::Contains("traffic.hot_area.destinations: destination 99"),
                         pdes::ConfigError);
  }
  SUBCASE("two flows from one source, to one destination, or a node at both ends") {
    CHECK_THROWS_WITH_AS(HotArea(16, {1, 1}, {5, 6}, 1.0),
                         doctest::Contains("traffic.hot_area.sources: node 1 listed twice"),
                         pdes::ConfigError);
    CHECK_THROWS_WITH_AS(HotArea(16, {1, 2}, {5, 5}, 1.0),
                         doctest::Contains("traffic.hot_area.destinations: node 5 listed twice"),
                         pdes::ConfigError);
    CHECK_THROWS_WITH_AS(HotArea(16, {1, 2}, {2, 5}, 1.0),
                         doctest::Contains("traffic.hot_area.destinations: node 2"),
                         pdes::ConfigError);
  }
  SUBCASE("fraction outside [0, 1]") {
    CHECK_THROWS_WITH_AS(HotArea(16, {1}, {5}, 1.5),
                         doctest::Contains("traffic.hot_area.fraction"), pdes::ConfigError);
    CHECK_THROWS_AS(HotArea(16, {1}, {5}, std::nan("")), pdes::ConfigError);
  }
  SUBCASE("factory without destinations") {
    net::traffic::HotAreaParams params;
    params.sources = {1};
    CHECK_THROWS_WITH_AS(HotArea::create(net::TrafficContext::nodes_only(16), params),
                         doctest::Contains("traffic.hot_area.destinations: required"),
                         pdes::ConfigError);
  }
  SUBCASE("factory: fraction defaults to 1") {
    net::traffic::HotAreaParams params;
    params.sources = {1};
    params.destinations = {5};
    const auto pattern = HotArea::create(net::TrafficContext::nodes_only(16), params);
    CHECK(static_cast<const HotArea&>(*pattern).fraction() == 1.0);
  }
}
