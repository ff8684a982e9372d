// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/torus.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"
#include "tests/models/network/topology/topology_checks.hpp"

using net::PortKind;
using net::RouterPort;
using net::Torus;

TEST_CASE("Torus satisfies the topology contracts") {
  SUBCASE("8x8") { net::testing::check_topology(Torus({8, 8})); }
  SUBCASE("5x4x3 (odd and even radices)") { net::testing::check_topology(Torus({5, 4, 3})); }
  SUBCASE("4x4, concentration 3") { net::testing::check_topology(Torus({4, 4}, 3)); }
  SUBCASE("2x3 (k = 2: parallel links)") { net::testing::check_topology(Torus({2, 3})); }
  SUBCASE("2x2x2") { net::testing::check_topology(Torus({2, 2, 2})); }
}

TEST_CASE("Torus counts and numbering") {
  const Torus torus({8, 8});
  CHECK(torus.name() == "torus");
  CHECK(torus.num_routers() == 64);
  CHECK(torus.num_nodes() == 64);
  CHECK(torus.diameter() == 8);
  CHECK(torus.summary() == "torus 8x8, concentration 1 (64 routers, 64 nodes)");
  // Router 7 = (7, 0): +x wraps to (0, 0) and arrives on -x.
  CHECK(torus.neighbour(7, 0) == RouterPort{0, 1});
  CHECK(torus.neighbour(0, 1) == RouterPort{7, 0});
  CHECK(torus.neighbour(0, 3) == RouterPort{56, 2});
  for (net::RouterId r = 0; r < 64; ++r) {
    for (net::PortId p = 0; p < 4; ++p) CHECK(torus.port_kind(r, p) == PortKind::kNetwork);
  }
}

TEST_CASE("Torus distance takes the shorter way round") {
  const Torus torus({8, 8});
  CHECK(torus.distance(0, 7) == 1);
  CHECK(torus.distance(0, 5) == 3);
  CHECK(torus.distance(0, 4) == 4);
  CHECK(torus.distance(0, 36) == 8);  // (4, 4): the diameter
  CHECK(torus.minimal_ports(0, 7).size() == 1);
  CHECK(torus.minimal_ports(0, 7)[0] == 1);  // -x
  CHECK(torus.minimal_ports(0, 3)[0] == 0);  // +x
}

TEST_CASE("Torus lists both directions on a tie") {
  const Torus torus({8, 8});
  const net::PortList ports = torus.minimal_ports(0, 4);  // delta = k/2 in x
  REQUIRE(ports.size() == 2);
  CHECK(ports[0] == 0);
  CHECK(ports[1] == 1);
  const net::PortList both = torus.minimal_ports(0, 36);  // ties in x and y
  CHECK(both.size() == 4);
}

TEST_CASE("Torus with k = 2 has two parallel links per dimension") {
  const Torus torus({2});
  CHECK(torus.neighbour(0, 0) == RouterPort{1, 1});
  CHECK(torus.neighbour(0, 1) == RouterPort{1, 0});
  CHECK(torus.neighbour(1, 0) == RouterPort{0, 1});
  CHECK(torus.neighbour(1, 1) == RouterPort{0, 0});
  CHECK(torus.distance(0, 1) == 1);
  CHECK(torus.minimal_ports(0, 1).size() == 2);
  CHECK(torus.crosses_wrap(1, 0));
  CHECK_FALSE(torus.crosses_wrap(0, 0));
  CHECK(torus.crosses_wrap(0, 1));
  CHECK_FALSE(torus.crosses_wrap(1, 1));
}

TEST_CASE("Torus marks exactly the wrap-around hops") {
  const Torus torus({4, 3});
  for (net::RouterId r = 0; r < torus.num_routers(); ++r) {
    for (net::PortId p = 0; p < torus.num_network_ports(); ++p) {
      const std::size_t dim = p / 2;
      const auto here = torus.shape().coordinate(r, dim);
      const auto there = torus.shape().coordinate(torus.neighbour(r, p)->router, dim);
      const bool wraps = (p % 2 == 0) ? there < here : there > here;
      CHECK(torus.crosses_wrap(r, p) == wraps);
    }
    CHECK_FALSE(torus.crosses_wrap(r, torus.num_network_ports()));  // terminal port
  }
}

TEST_CASE("Torus rejects invalid parameters") {
  SUBCASE("no dimensions") {
    REQUIRE_THROWS_AS(Torus({}), pdes::ConfigError);
    CHECK_THROWS_WITH(Torus({}), doctest::Contains("network.dims"));
  }
  SUBCASE("radix 1") {
    REQUIRE_THROWS_AS(Torus({1, 4}), pdes::ConfigError);
    CHECK_THROWS_WITH(Torus({1, 4}), doctest::Contains("a torus needs every dimension >= 2"));
  }
  SUBCASE("concentration 0") {
    REQUIRE_THROWS_AS(Torus({4}, 0), pdes::ConfigError);
    CHECK_THROWS_WITH(Torus({4}, 0), doctest::Contains("network.concentration"));
  }
}
