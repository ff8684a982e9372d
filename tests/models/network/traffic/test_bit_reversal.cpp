// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/bit_reversal.hpp"

#include <doctest/doctest.h>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::BitReversal;

TEST_CASE("BitReversal reverses the address bits") {
  const BitReversal pattern(16);
  CHECK(pattern.name() == "bit_reversal");
  const auto d = net::testing::destinations(pattern);
  CHECK(d[1] == 8);
  CHECK(d[8] == 1);
  CHECK(d[3] == 12);
  CHECK(d[2] == 4);
  CHECK(d[11] == 13);  // 1011 -> 1101
  // Palindromes map to themselves: 0000, 0110, 1001, 1111.
  for (net::NodeId s : {0, 6, 9, 15}) CHECK(d[s] == s);
  net::testing::check_bijection(pattern);
  net::testing::check_bijection(BitReversal(32));
  net::testing::check_bijection(BitReversal(2));
}

TEST_CASE("BitReversal needs a power-of-two node count") {
  REQUIRE_THROWS_AS(BitReversal(12), pdes::ConfigError);
  CHECK_THROWS_WITH(BitReversal(12), doctest::Contains("the network has 12 nodes"));
}
