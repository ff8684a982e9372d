// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/bit_complement.hpp"

#include <doctest/doctest.h>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::BitComplement;

TEST_CASE("BitComplement inverts every address bit") {
  const BitComplement pattern(16);
  CHECK(pattern.name() == "bit_complement");
  const auto d = net::testing::destinations(pattern);
  CHECK(d[0] == 15);
  CHECK(d[15] == 0);
  CHECK(d[5] == 10);
  CHECK(d[6] == 9);
  for (net::NodeId s = 0; s < 16; ++s) CHECK(d[s] == (~s & 15));
  net::testing::check_bijection(pattern);
  net::testing::check_bijection(BitComplement(1));
  net::testing::check_bijection(BitComplement(1024));
}

TEST_CASE("BitComplement needs a power-of-two node count") {
  SUBCASE("48 nodes") {
    REQUIRE_THROWS_AS(BitComplement(48), pdes::ConfigError);
    CHECK_THROWS_WITH(BitComplement(48),
                      "traffic.pattern: 'bit_complement' needs a power-of-two node count; the "
                      "network has 48 nodes");
  }
  SUBCASE("0 nodes") { REQUIRE_THROWS_AS(BitComplement(0), pdes::ConfigError); }
}
