// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/graph_distance.hpp"

#include <doctest/doctest.h>

#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"
#include "pdes/error.hpp"

using net::GraphDistance;
using net::RouterId;

TEST_CASE("GraphDistance all pairs matches per-source BFS") {
  const net::Torus torus({5, 4});
  const GraphDistance all(torus);
  CHECK(all.num_routers() == 20);
  for (RouterId s = 0; s < torus.num_routers(); ++s) {
    const auto row = GraphDistance::from_source(torus, s);
    REQUIRE(row.size() == 20);
    for (RouterId t = 0; t < torus.num_routers(); ++t) {
      CHECK(all.distance(s, t) == row[t]);
      CHECK(all.row(s)[t] == row[t]);
    }
  }
  CHECK(all.diameter() == 4);
}

TEST_CASE("GraphDistance diameters: 8x8 torus 8, 6-cube 6, 4x4 mesh 6") {
  CHECK(GraphDistance(net::Torus({8, 8})).diameter() == 8);
  CHECK(GraphDistance(net::Hypercube(6)).diameter() == 6);
  CHECK(GraphDistance(net::Mesh({4, 4})).diameter() == 6);
}

TEST_CASE("GraphDistance::within gives DRB gravity areas") {
  // Gravity areas of seed 000's Definition 1, counted by hand: 2D torus k >= 5, size 1 -> 5 nodes,
  // size 2 -> 13; k = 4, size 2 -> 11; binary n-cube size 1 -> n + 1, size 2 -> 1 + n + n(n-1)/2.
  const net::Torus torus8({8, 8});
  CHECK(GraphDistance::within(torus8, 27, 0) == std::vector<RouterId>{27});
  CHECK(GraphDistance::within(torus8, 27, 1) == std::vector<RouterId>{19, 26, 27, 28, 35});
  CHECK(GraphDistance::within(torus8, 27, 2).size() == 13);
  CHECK(GraphDistance::within(net::Torus({4, 4}), 5, 2).size() == 11);
  const net::Hypercube cube(6);
  CHECK(GraphDistance::within(cube, 9, 1).size() == 7);
  CHECK(GraphDistance::within(cube, 9, 2).size() == 1 + 6 + 15);
  CHECK(GraphDistance::within(cube, 9, 6).size() == 64);
  // On a mesh corner the area is clipped.
  CHECK(GraphDistance::within(net::Mesh({4, 4}), 0, 1) == std::vector<RouterId>{0, 1, 4});
}

TEST_CASE("GraphDistance refuses oversized all-pairs tables") {
  const net::Torus torus({8, 8});
  REQUIRE_THROWS_AS(GraphDistance(torus, 63), pdes::ResourceError);
  CHECK_THROWS_WITH(GraphDistance(torus, 63), doctest::Contains("from_source"));
  CHECK_NOTHROW(GraphDistance(torus, 64));
}

TEST_CASE("GraphDistance rejects out-of-range routers") {
  const net::Mesh mesh({3, 3});
  SUBCASE("source") { CHECK_THROWS_AS(GraphDistance::from_source(mesh, 9), pdes::InvariantError); }
  SUBCASE("pair") { CHECK_THROWS_AS(GraphDistance(mesh).distance(0, 9), pdes::InvariantError); }
}
