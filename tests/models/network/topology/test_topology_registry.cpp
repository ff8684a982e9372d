// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/topology_registry.hpp"

#include "models/network/topology/dragonfly.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"

using net::NetworkSizeKeys;
using net::TopologyRegistry;

namespace {

TopologyRegistry make_registry() {
  TopologyRegistry r;
  net::register_topologies(r);
  return r;
}

}  // namespace

TEST_CASE("TopologyRegistry builds every registered topology") {
  const TopologyRegistry r = make_registry();
  CHECK(r.names() ==
        std::vector<std::string>{"mesh", "torus", "hypercube", "fat_tree", "dragonfly"});

  NetworkSizeKeys grid;
  grid.dims = {4, 4};
  const auto mesh = r.create("mesh", grid);
  CHECK(mesh->name() == "mesh");
  CHECK(mesh->num_nodes() == 16);

  grid.concentration = 2;
  const auto torus = r.create("torus", grid);
  CHECK(torus->name() == "torus");
  CHECK(torus->num_nodes() == 32);

  NetworkSizeKeys cube;
  cube.n = 6;
  const auto hypercube = r.create("hypercube", cube);
  CHECK(hypercube->num_routers() == 64);

  NetworkSizeKeys tree;
  tree.k = 4;
  tree.n = 3;
  const auto fat_tree = r.create("fat_tree", tree);
  CHECK(fat_tree->num_routers() == 48);
  CHECK(fat_tree->num_nodes() == 64);

  const auto dragonfly = r.create("dragonfly", net::DragonflyParams{});  // p2 a4 h2 g9
  CHECK(dragonfly->num_routers() == 36);
  CHECK(dragonfly->num_nodes() == 72);
}

TEST_CASE("TopologyRegistry rejects bad names and parameters") {
  const TopologyRegistry r = make_registry();
  NetworkSizeKeys p;
  SUBCASE("unknown name lists the valid names") {
    REQUIRE_THROWS_AS(r.create("slim_fly", p), pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("slim_fly", p),
                      "network.topology: unknown topology 'slim_fly'; valid names: mesh, torus, "
                      "hypercube, fat_tree, dragonfly");
  }
  SUBCASE("mesh without dims") {
    REQUIRE_THROWS_AS(r.create("mesh", p), pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("mesh", p), doctest::Contains("network.dims: required"));
  }
  SUBCASE("torus without dims") { REQUIRE_THROWS_AS(r.create("torus", p), pdes::ConfigError); }
  SUBCASE("torus with k") {
    p.dims = {4, 4};
    p.k = 4;
    REQUIRE_THROWS_AS(r.create("torus", p), pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("torus", p), doctest::Contains("network.k: not used"));
  }
  SUBCASE("hypercube without n") {
    REQUIRE_THROWS_AS(r.create("hypercube", p), pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("hypercube", p), doctest::Contains("network.n: required"));
  }
  SUBCASE("hypercube with dims") {
    p.n = 3;
    p.dims = {2, 2, 2};
    REQUIRE_THROWS_AS(r.create("hypercube", p), pdes::ConfigError);
  }
  SUBCASE("fat tree without k") {
    p.n = 3;
    REQUIRE_THROWS_AS(r.create("fat_tree", p), pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("fat_tree", p), doctest::Contains("network.k: required"));
  }
  SUBCASE("fat tree without n") {
    p.k = 4;
    REQUIRE_THROWS_AS(r.create("fat_tree", p), pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("fat_tree", p), doctest::Contains("network.n: required"));
  }
  SUBCASE("fat tree with concentration") {
    p.k = 4;
    p.n = 3;
    p.concentration = 2;
    REQUIRE_THROWS_AS(r.create("fat_tree", p), pdes::ConfigError);
  }
  SUBCASE("range errors come through") {
    p.dims = {8, 1};
    REQUIRE_THROWS_AS(r.create("torus", p), pdes::ConfigError);
  }
}
