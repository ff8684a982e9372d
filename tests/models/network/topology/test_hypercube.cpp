// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/hypercube.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"
#include "tests/models/network/topology/topology_checks.hpp"

using net::Hypercube;
using net::RouterPort;

TEST_CASE("Hypercube satisfies the topology contracts") {
  SUBCASE("1-cube") { net::testing::check_topology(Hypercube(1)); }
  SUBCASE("4-cube") { net::testing::check_topology(Hypercube(4)); }
  SUBCASE("6-cube") { net::testing::check_topology(Hypercube(6)); }
  SUBCASE("3-cube, concentration 4") { net::testing::check_topology(Hypercube(3, 4)); }
}

TEST_CASE("Hypercube counts, ports and distance") {
  const Hypercube cube(6);
  CHECK(cube.name() == "hypercube");
  CHECK(cube.num_routers() == 64);
  CHECK(cube.num_nodes() == 64);
  CHECK(cube.num_ports(0) == 7);
  CHECK(cube.diameter() == 6);
  CHECK(cube.radices() == std::vector<std::uint32_t>(6, 2));
  CHECK(cube.summary() == "hypercube 6-cube, concentration 1 (64 routers, 64 nodes)");
  CHECK(cube.neighbour(0b101100, 1) == RouterPort{0b101110, 1});
  CHECK(cube.neighbour(0b101100, 5) == RouterPort{0b001100, 5});
  CHECK(cube.distance(0b000000, 0b111111) == 6);
  CHECK(cube.distance(0b101100, 0b100101) == 2);
}

TEST_CASE("Hypercube minimal ports are the differing bits, lowest first (e-cube order)") {
  const Hypercube cube(6);
  // 101100 ^ 100101 = 001001: bits 0 and 3 differ.
  const net::PortList ports = cube.minimal_ports(0b101100, 0b100101);
  REQUIRE(ports.size() == 2);
  CHECK(ports[0] == 0);
  CHECK(ports[1] == 3);
}

TEST_CASE("Hypercube rejects invalid parameters") {
  SUBCASE("dimension 0") {
    REQUIRE_THROWS_AS(Hypercube(0), pdes::ConfigError);
    CHECK_THROWS_WITH(Hypercube(0), doctest::Contains("network.n"));
  }
  SUBCASE("dimension 21") {
    REQUIRE_THROWS_AS(Hypercube(21), pdes::ConfigError);
    CHECK_THROWS_WITH(Hypercube(21), doctest::Contains("between 1 and 20, got 21"));
  }
  SUBCASE("concentration 0") {
    REQUIRE_THROWS_AS(Hypercube(3, 0), pdes::ConfigError);
    CHECK_THROWS_WITH(Hypercube(3, 0), doctest::Contains("network.concentration"));
  }
}
