// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/random_permutation.hpp"

#include "models/network/traffic/hot_spot.hpp"

#include <doctest/doctest.h>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::RandomPermutation;

TEST_CASE("RandomPermutation is a bijection fixed by its seed") {
  const RandomPermutation a(1000, 42);
  CHECK(a.name() == "random_permutation");
  net::testing::check_bijection(a);
  const auto da = net::testing::destinations(a);
  CHECK(da == net::testing::destinations(RandomPermutation(1000, 42)));
  CHECK(da != net::testing::destinations(RandomPermutation(1000, 43)));
  net::testing::check_bijection(RandomPermutation(1, 7));
  net::testing::check_bijection(RandomPermutation(48, 7));
}

TEST_CASE("RandomPermutation looks random: few fixed points, destinations spread") {
  const RandomPermutation p(4096, 2024);
  const auto d = net::testing::destinations(p);
  int fixed = 0;
  int low_to_low = 0;
  for (net::NodeId s = 0; s < 4096; ++s) {
    fixed += d[s] == s ? 1 : 0;
    low_to_low += (s < 2048 && d[s] < 2048) ? 1 : 0;
  }
  CHECK(fixed < 8);                          // Poisson(1): P(>= 8) < 1e-5
  CHECK(std::abs(low_to_low - 1024) < 120);  // hypergeometric, sd ~ 16
}

TEST_CASE("RandomPermutation factory requires its seed") {
  net::traffic::RandomPermutationParams params;
  SUBCASE("missing seed") {
    REQUIRE_THROWS_AS(RandomPermutation::create(net::TrafficContext::nodes_only(8), params),
                      pdes::ConfigError);
    CHECK_THROWS_WITH(RandomPermutation::create(net::TrafficContext::nodes_only(8), params),
                      "traffic.permutation_seed: required by traffic pattern 'random_permutation'");
  }
  SUBCASE("seed given") {
    params.seed = 5;
    CHECK(RandomPermutation::create(net::TrafficContext::nodes_only(8), params)->num_nodes() == 8);
  }
  SUBCASE("another pattern's parameters") {
    REQUIRE_THROWS_AS(RandomPermutation::create(net::TrafficContext::nodes_only(8),
                                                net::traffic::HotSpotParams{{1}, 0.5}),
                      pdes::InvariantError);
  }
}
