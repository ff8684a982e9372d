// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/tornado.hpp"

#include <doctest/doctest.h>

#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/torus.hpp"
#include "tests/models/network/traffic/traffic_checks.hpp"

using net::TrafficContext;
using net::traffic::Tornado;

TEST_CASE("Tornado moves every coordinate by ceil(k/2) - 1") {
  const net::Torus torus({8, 8});
  const Tornado pattern(TrafficContext::of(torus));
  CHECK(pattern.name() == "tornado");
  CHECK(pattern.offsets() == std::vector<std::uint32_t>{3, 3});
  const auto d = net::testing::destinations(pattern);
  CHECK(d[0] == 3 + 8 * 3);
  CHECK(d[7 + 8 * 6] == 2 + 8 * 1);  // (7, 6) -> (2, 1)
  for (net::NodeId s = 0; s < 64; ++s) CHECK(torus.distance(s, d[s]) == 6);
  net::testing::check_bijection(pattern);
}

TEST_CASE("Tornado handles mixed radices and keeps the local index") {
  // radices 5 (offset 2) and 4 (offset 1), 2 nodes per router.
  const Tornado pattern(TrafficContext{.num_nodes = 40, .radices = {5, 4}, .concentration = 2});
  CHECK(pattern.offsets() == std::vector<std::uint32_t>{2, 1});
  const auto d = net::testing::destinations(pattern);
  // Node 2 * (4 + 5 * 3) + 1 = 39: router (4, 3) -> (1, 0) = router 1, local 1 -> node 3.
  CHECK(d[39] == 3);
  CHECK(d[0] == 2 * (2 + 5 * 1));
  net::testing::check_bijection(pattern);
}

TEST_CASE("Tornado rejects networks it cannot serve") {
  SUBCASE("no router coordinates (fat tree)") {
    REQUIRE_THROWS_AS(Tornado(TrafficContext::nodes_only(64)), pdes::ConfigError);
    CHECK_THROWS_WITH(Tornado(TrafficContext::nodes_only(64)),
                      "traffic.pattern: 'tornado' needs a mesh, torus or hypercube (router "
                      "coordinates); the network has 64 nodes");
  }
  SUBCASE("hypercube: every offset would be 0") {
    const TrafficContext cube = TrafficContext::of(net::Hypercube(4));
    REQUIRE_THROWS_AS(Tornado{cube}, pdes::ConfigError);
    CHECK_THROWS_WITH(Tornado{cube}, doctest::Contains("radix >= 3"));
  }
}
