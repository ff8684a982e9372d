// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/butterfly.hpp"

#include <doctest/doctest.h>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::Butterfly;

TEST_CASE("Butterfly swaps the most and least significant bits") {
  const Butterfly pattern(16);
  CHECK(pattern.name() == "butterfly");
  const auto d = net::testing::destinations(pattern);
  CHECK(d[1] == 8);
  CHECK(d[8] == 1);
  CHECK(d[3] == 10);  // 0011 -> 1010
  CHECK(d[14] == 7);  // 1110 -> 0111
  CHECK(d[6] == 6);
  CHECK(d[9] == 9);
  int fixed = 0;
  for (net::NodeId s = 0; s < 16; ++s) fixed += d[s] == s ? 1 : 0;
  CHECK(fixed == 8);
  net::testing::check_bijection(pattern);
  net::testing::check_bijection(Butterfly(1));
  net::testing::check_bijection(Butterfly(2));
  net::testing::check_bijection(Butterfly(128));
}

TEST_CASE("Butterfly needs a power-of-two node count") {
  REQUIRE_THROWS_AS(Butterfly(24), pdes::ConfigError);
  CHECK_THROWS_WITH(Butterfly(24), doctest::Contains("'butterfly' needs a power-of-two"));
}
