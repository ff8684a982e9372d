// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/transpose.hpp"

#include <doctest/doctest.h>

#include "tests/models/network/traffic/traffic_checks.hpp"

using net::traffic::Transpose;

TEST_CASE("Transpose maps (x, y) to (y, x) on a square of nodes") {
  const Transpose pattern(16);  // a 4x4 matrix, s = x + 4 y
  CHECK(pattern.name() == "transpose");
  const auto d = net::testing::destinations(pattern);
  for (net::NodeId x = 0; x < 4; ++x) {
    for (net::NodeId y = 0; y < 4; ++y) CHECK(d[x + 4 * y] == y + 4 * x);
  }
  CHECK(d[1] == 4);
  CHECK(d[5] == 5);
  net::testing::check_bijection(pattern);
  net::testing::check_bijection(Transpose(1));
  net::testing::check_bijection(Transpose(256));
}

TEST_CASE("Transpose needs 2^b nodes with b even") {
  SUBCASE("32 nodes (b odd)") {
    REQUIRE_THROWS_AS(Transpose(32), pdes::ConfigError);
    CHECK_THROWS_WITH(Transpose(32),
                      "traffic.pattern: 'transpose' needs 2^b nodes with b even (a square matrix "
                      "of nodes); the network has 32 nodes");
  }
  SUBCASE("36 nodes (not a power of two)") { REQUIRE_THROWS_AS(Transpose(36), pdes::ConfigError); }
}
