// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/mesh.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"
#include "tests/models/network/topology/topology_checks.hpp"

using net::Mesh;
using net::PortKind;
using net::RouterPort;

TEST_CASE("Mesh satisfies the topology contracts") {
  SUBCASE("4x4") { net::testing::check_topology(Mesh({4, 4})); }
  SUBCASE("3x4x2, concentration 2") { net::testing::check_topology(Mesh({3, 4, 2}, 2)); }
  SUBCASE("5, linear array") { net::testing::check_topology(Mesh({5})); }
}

TEST_CASE("Mesh counts, ports and numbering") {
  const Mesh mesh({8, 8}, 2);
  CHECK(mesh.name() == "mesh");
  CHECK(mesh.num_routers() == 64);
  CHECK(mesh.num_nodes() == 128);
  CHECK(mesh.num_network_ports() == 4);
  CHECK(mesh.num_ports(0) == 6);
  CHECK(mesh.diameter() == 14);
  CHECK(mesh.concentration() == 2);
  CHECK(mesh.radices() == std::vector<std::uint32_t>{8, 8});
  CHECK(mesh.summary() == "mesh 8x8, concentration 2 (64 routers, 128 nodes)");

  // Router 10 = (2, 1). Port 0 = +x, 1 = -x, 2 = +y, 3 = -y.
  CHECK(mesh.neighbour(10, 0) == RouterPort{11, 1});
  CHECK(mesh.neighbour(10, 1) == RouterPort{9, 0});
  CHECK(mesh.neighbour(10, 2) == RouterPort{18, 3});
  CHECK(mesh.neighbour(10, 3) == RouterPort{2, 2});
  // Corner router 0 has no -x and -y links.
  CHECK(mesh.port_kind(0, 1) == PortKind::kUnconnected);
  CHECK(mesh.port_kind(0, 3) == PortKind::kUnconnected);
  CHECK(mesh.port_kind(63, 0) == PortKind::kUnconnected);
  // Node = router * 2 + local, on ports 4 and 5.
  CHECK(mesh.attachment(21) == RouterPort{10, 5});
  CHECK(mesh.node_at(10, 4) == 20);
  CHECK(mesh.port_kind(10, 4) == PortKind::kTerminal);
}

TEST_CASE("Mesh distance and minimal ports") {
  const Mesh mesh({8, 8});
  CHECK(mesh.distance(0, 63) == 14);
  CHECK(mesh.distance(10, 10) == 0);
  // From (2,1) to (0,5): -x and +y.
  const net::PortList ports = mesh.minimal_ports(10, 40);
  REQUIRE(ports.size() == 2);
  CHECK(ports[0] == 1);
  CHECK(ports[1] == 2);
  CHECK(mesh.minimal_ports(10, 10).empty());
}

TEST_CASE("Mesh rejects invalid parameters") {
  SUBCASE("no dimensions") {
    REQUIRE_THROWS_AS(Mesh({}), pdes::ConfigError);
    CHECK_THROWS_WITH(Mesh({}), doctest::Contains("network.dims"));
  }
  SUBCASE("radix 1") {
    REQUIRE_THROWS_AS(Mesh({4, 1}), pdes::ConfigError);
    CHECK_THROWS_WITH(Mesh({4, 1}), doctest::Contains("every dimension >= 2, got 1"));
  }
  SUBCASE("too many dimensions") {
    REQUIRE_THROWS_AS(Mesh(std::vector<std::uint32_t>(17, 2)), pdes::ConfigError);
  }
  SUBCASE("too many routers") {
    REQUIRE_THROWS_AS(Mesh({65536, 65536, 2}), pdes::ConfigError);
    CHECK_THROWS_WITH(Mesh({65536, 65536, 2}), doctest::Contains("network.dims"));
  }
  SUBCASE("concentration 0") {
    REQUIRE_THROWS_AS(Mesh({4, 4}, 0), pdes::ConfigError);
    CHECK_THROWS_WITH(Mesh({4, 4}, 0), doctest::Contains("network.concentration"));
  }
  SUBCASE("concentration too large") { REQUIRE_THROWS_AS(Mesh({4, 4}, 1025), pdes::ConfigError); }
  SUBCASE("nodes beyond 2^32") { REQUIRE_THROWS_AS(Mesh({65536, 65536}, 2), pdes::ConfigError); }
}

TEST_CASE("Mesh rejects out-of-range ids") {
  const Mesh mesh({4, 4});
  SUBCASE("router") { CHECK_THROWS_AS(mesh.neighbour(16, 0), pdes::InvariantError); }
  SUBCASE("port") { CHECK_THROWS_AS(mesh.neighbour(0, 5), pdes::InvariantError); }
  SUBCASE("node") { CHECK_THROWS_AS(mesh.attachment(16), pdes::InvariantError); }
  SUBCASE("distance") { CHECK_THROWS_AS(mesh.distance(0, 16), pdes::InvariantError); }
}
