// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/fat_tree.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"
#include "tests/models/network/topology/topology_checks.hpp"

using net::FatTree;
using net::PortKind;
using net::RouterPort;

TEST_CASE("FatTree satisfies the topology contracts") {
  SUBCASE("4-ary 3-tree") { net::testing::check_topology(FatTree(4, 3)); }
  SUBCASE("2-ary 4-tree") { net::testing::check_topology(FatTree(2, 4)); }
  SUBCASE("3-ary 3-tree") { net::testing::check_topology(FatTree(3, 3)); }
  SUBCASE("4-ary 1-tree (one switch)") { net::testing::check_topology(FatTree(4, 1)); }
  SUBCASE("2-ary 2-tree") { net::testing::check_topology(FatTree(2, 2)); }
}

TEST_CASE("FatTree 4-ary 3-tree has 64 nodes and 48 switches") {
  const FatTree tree(4, 3);
  CHECK(tree.name() == "fat_tree");
  CHECK(tree.num_nodes() == 64);
  CHECK(tree.num_routers() == 48);
  CHECK(tree.switches_per_level() == 16);
  CHECK(tree.diameter() == 4);
  CHECK(tree.concentration() == 4);
  CHECK(tree.radices().empty());
  CHECK(tree.max_ports() == 8);
  CHECK(tree.summary() == "fat_tree 4-ary 3-tree (48 switches, 64 nodes)");
  // Leaves: 2k ports, k terminals then k up. Roots: k down ports only.
  CHECK(tree.num_ports(0) == 8);
  CHECK(tree.num_ports(16) == 8);
  CHECK(tree.num_ports(32) == 4);
  CHECK(tree.port_kind(0, 3) == PortKind::kTerminal);
  CHECK(tree.port_kind(0, 4) == PortKind::kNetwork);
  CHECK(tree.port_kind(16, 0) == PortKind::kNetwork);
  CHECK(tree.level(0) == 0);
  CHECK(tree.level(20) == 1);
  CHECK(tree.level(47) == 2);
  CHECK(tree.router_at(2, 15) == 47);
}

TEST_CASE("FatTree wiring follows the digit rule") {
  const FatTree tree(4, 3);
  // Terminal 27 = digits (t0, t1, t2) = (3, 2, 1): leaf 6 = (s0, s1) = (2, 1), port 3.
  CHECK(tree.attachment(27) == RouterPort{6, 3});
  // Up port k + j of leaf (0, s) goes to (1, s with digit 0 = j), on down port s_0.
  CHECK(tree.neighbour(6, 4 + 0) == RouterPort{tree.router_at(1, 4), 2});
  CHECK(tree.neighbour(6, 4 + 3) == RouterPort{tree.router_at(1, 7), 2});
  // Up port k + j of (1, s) goes to (2, s with digit 1 = j), on down port s_1.
  CHECK(tree.neighbour(tree.router_at(1, 6), 4 + 3) == RouterPort{tree.router_at(2, 14), 1});
  CHECK(tree.is_up_port(0, 4));
  CHECK_FALSE(tree.is_up_port(0, 3));
}

TEST_CASE("FatTree minimal routing goes up to a nearest common ancestor, then down") {
  const FatTree tree(4, 3);
  const net::RouterId a = tree.router_of_node(0);   // leaf 0
  const net::RouterId b = tree.router_of_node(63);  // leaf 15
  const net::RouterId c = tree.router_of_node(5);   // leaf 1
  CHECK(tree.nca_level(a, b) == 2);
  CHECK(tree.nca_level(a, c) == 1);
  CHECK(tree.nca_level(a, a) == 0);
  CHECK(tree.distance(a, b) == 4);
  CHECK(tree.distance(a, c) == 2);

  // Walk every up-port choice from leaf 0 to leaf 15: all k up ports are minimal on the way up,
  // exactly one down port on the way down, and the walk takes 2 * nca_level hops.
  for (net::PortId first = 4; first < 8; ++first) {
    for (net::PortId second = 4; second < 8; ++second) {
      net::RouterId here = a;
      std::uint32_t hops = 0;
      for (net::PortId choice : {first, second}) {
        const net::PortList ports = tree.minimal_ports(here, b);
        REQUIRE(ports.size() == 4);
        CHECK(ports[0] == 4);
        CHECK(ports[3] == 7);
        here = tree.neighbour(here, choice)->router;
        ++hops;
      }
      CHECK(tree.level(here) == 2);
      while (here != b) {
        const net::PortList ports = tree.minimal_ports(here, b);
        REQUIRE(ports.size() == 1);
        CHECK_FALSE(tree.is_up_port(here, ports[0]));
        here = tree.neighbour(here, ports[0])->router;
        ++hops;
      }
      CHECK(hops == 4);
    }
  }
}

TEST_CASE("FatTree distances between leaves are twice the NCA level") {
  const FatTree tree(3, 4);
  for (net::RouterId a = 0; a < tree.switches_per_level(); ++a) {
    for (net::RouterId b = 0; b < tree.switches_per_level(); ++b) {
      CHECK(tree.distance(a, b) == 2 * tree.nca_level(a, b));
    }
  }
}

TEST_CASE("FatTree rejects invalid parameters") {
  SUBCASE("k = 1") {
    REQUIRE_THROWS_AS(FatTree(1, 3), pdes::ConfigError);
    CHECK_THROWS_WITH(FatTree(1, 3), doctest::Contains("network.k"));
  }
  SUBCASE("k too large") {
    REQUIRE_THROWS_AS(FatTree(33, 2), pdes::ConfigError);
    CHECK_THROWS_WITH(FatTree(33, 2), doctest::Contains("2 <= k <= 32"));
  }
  SUBCASE("n = 0") {
    REQUIRE_THROWS_AS(FatTree(4, 0), pdes::ConfigError);
    CHECK_THROWS_WITH(FatTree(4, 0), doctest::Contains("network.n"));
  }
  SUBCASE("too many terminals") {
    REQUIRE_THROWS_AS(FatTree(32, 7), pdes::ConfigError);
    CHECK_THROWS_WITH(FatTree(32, 7), doctest::Contains("terminals"));
  }
  SUBCASE("too many switches") {
    REQUIRE_THROWS_AS(FatTree(2, 32), pdes::ConfigError);
    CHECK_THROWS_WITH(FatTree(2, 32), doctest::Contains("switches"));
  }
  SUBCASE("nca_level of a non-leaf") {
    const FatTree tree(4, 3);
    CHECK_THROWS_AS(tree.nca_level(0, 20), pdes::InvariantError);
  }
}
