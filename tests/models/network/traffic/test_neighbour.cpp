// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/neighbour.hpp"

#include <doctest/doctest.h>

#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"
#include "tests/models/network/traffic/traffic_checks.hpp"

using net::TrafficContext;
using net::traffic::Neighbour;

TEST_CASE("Neighbour moves every coordinate by one, wrapping") {
  const net::Torus torus({4, 4});
  const Neighbour pattern(TrafficContext::of(torus));
  CHECK(pattern.name() == "neighbour");
  const auto d = net::testing::destinations(pattern);
  CHECK(d[0] == 5);   // (0,0) -> (1,1)
  CHECK(d[15] == 0);  // (3,3) -> (0,0)
  CHECK(d[3] == 4);   // (3,0) -> (0,1)
  for (net::NodeId s = 0; s < 16; ++s) CHECK(torus.distance(s, d[s]) == 2);
  net::testing::check_bijection(pattern);
}

TEST_CASE("Neighbour on a mesh wraps the last coordinate, as BookSim2 does") {
  const Neighbour pattern(TrafficContext::of(net::Mesh({3, 3})));
  const auto d = net::testing::destinations(pattern);
  CHECK(d[8] == 0);
  net::testing::check_bijection(pattern);
}

TEST_CASE("Neighbour on a hypercube flips every bit") {
  const Neighbour pattern(TrafficContext::of(net::Hypercube(4)));
  const auto d = net::testing::destinations(pattern);
  for (net::NodeId s = 0; s < 16; ++s) CHECK(d[s] == (~s & 15));
}

TEST_CASE("Neighbour with concentration keeps the local index") {
  const Neighbour pattern(TrafficContext::of(net::Torus({4}, 3)));
  const auto d = net::testing::destinations(pattern);
  CHECK(d[0] == 3);
  CHECK(d[5] == 8);
  CHECK(d[11] == 2);
  net::testing::check_bijection(pattern);
}

TEST_CASE("Neighbour needs router coordinates") {
  REQUIRE_THROWS_AS(Neighbour(TrafficContext::nodes_only(16)), pdes::ConfigError);
  CHECK_THROWS_WITH(Neighbour(TrafficContext::nodes_only(16)),
                    doctest::Contains("'neighbour' needs a mesh, torus or hypercube"));
}
