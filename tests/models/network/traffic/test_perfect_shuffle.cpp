// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/perfect_shuffle.hpp"

#include <doctest/doctest.h>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::PerfectShuffle;

TEST_CASE("PerfectShuffle rotates the address left by one bit") {
  const PerfectShuffle pattern(16);
  CHECK(pattern.name() == "perfect_shuffle");
  const auto d = net::testing::destinations(pattern);
  CHECK(d[1] == 2);
  CHECK(d[8] == 1);
  CHECK(d[9] == 3);
  CHECK(d[6] == 12);
  CHECK(d[0] == 0);
  CHECK(d[15] == 15);
  net::testing::check_bijection(pattern);
  net::testing::check_bijection(PerfectShuffle(1));
  net::testing::check_bijection(PerfectShuffle(2));
  net::testing::check_bijection(PerfectShuffle(64));
}

TEST_CASE("PerfectShuffle needs a power-of-two node count") {
  REQUIRE_THROWS_AS(PerfectShuffle(100), pdes::ConfigError);
  CHECK_THROWS_WITH(PerfectShuffle(100), doctest::Contains("'perfect_shuffle' needs"));
}
