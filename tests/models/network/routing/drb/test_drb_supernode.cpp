// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/supernode.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"
#include "pdes/error.hpp"

using net::RouterId;
using net::drb::Supernode;
using net::drb::SupernodeKind;
using net::drb::SupernodeSpec;
using Routers = std::vector<RouterId>;

namespace {

SupernodeSpec gravity(std::uint32_t size) { return {SupernodeKind::kGravityArea, size, 0}; }
SupernodeSpec sub(std::uint32_t radix, std::uint32_t dims = 0) {
  return {SupernodeKind::kSubtopology, radix, dims};
}

// Definition 1: every member lies within Distance <= bound of the centre, the centre is a
// member, and the list is ascending without repeats.
void check_region(const net::Topology& t, const Routers& members, RouterId centre,
                  std::uint32_t bound) {
  CHECK(std::is_sorted(members.begin(), members.end()));
  CHECK(std::adjacent_find(members.begin(), members.end()) == members.end());
  CHECK(std::binary_search(members.begin(), members.end(), centre));
  for (const RouterId r : members) CHECK(t.distance(centre, r) <= bound);
}

}  // namespace

TEST_CASE("Gravity Area: every router within `size` hops, on any topology") {
  SUBCASE("2D torus 8x8: 5 routers at size 1, 13 at size 2") {
    const net::Torus torus({8, 8});
    const Supernode one(torus, gravity(1), "drb.source_size");
    // (3,2) = 19: neighbours 11 (3,1), 18 (2,2), 20 (4,2), 27 (3,3).
    CHECK(one.members(19) == Routers{11, 18, 19, 20, 27});
    // Router 0 wraps: 1, 7 (x = 7), 8, 56 (y = 7).
    CHECK(one.members(0) == Routers{0, 1, 7, 8, 56});
    const Supernode two(torus, gravity(2), "drb.source_size");
    for (RouterId c : {RouterId{0}, RouterId{19}, RouterId{63}}) {
      const Routers m = two.members(c);
      CHECK(m.size() == 13);
      check_region(torus, m, c, 2);
    }
  }
  SUBCASE("4x4 torus at size 2: 11 routers (the wrap merges the distance-2 nodes)") {
    const net::Torus torus({4, 4});
    CHECK(Supernode(torus, gravity(2), "k").members(5).size() == 11);
    // The diameter (4) gives the whole network: the major canonical supernode.
    CHECK(Supernode(torus, gravity(4), "k").members(5).size() == 16);
  }
  SUBCASE("mesh: clipped at the boundary") {
    const net::Mesh mesh({4, 4});
    const Supernode one(mesh, gravity(1), "k");
    CHECK(one.members(0) == Routers{0, 1, 4});
    CHECK(one.members(5) == Routers{1, 4, 5, 6, 9});
  }
  SUBCASE("binary 4-cube: n + 1 at size 1, 1 + n + n(n-1)/2 at size 2") {
    const net::Hypercube cube(4);
    CHECK(Supernode(cube, gravity(1), "k").members(0) == Routers{0, 1, 2, 4, 8});
    const Routers two = Supernode(cube, gravity(2), "k").members(0b0110);
    CHECK(two.size() == 11);
    check_region(cube, two, 0b0110, 2);
  }
  SUBCASE("fat tree 4-ary 3-tree: a leaf's area reaches its up switches, then its siblings") {
    const net::FatTree tree(4, 3);
    CHECK(Supernode(tree, gravity(1), "k").members(0) == Routers{0, 16, 17, 18, 19});
    const Routers two = Supernode(tree, gravity(2), "k").members(0);
    check_region(tree, two, 0, 2);
    // Leaves 0..3 (siblings under the same level-1 switches) and the level-2 switches above.
    CHECK(std::count_if(two.begin(), two.end(), [](RouterId r) { return r < 16; }) == 4);
  }
  SUBCASE("size 0 is the minor canonical supernode") {
    const net::Torus torus({4, 4});
    const Supernode none(torus, gravity(0), "k");
    CHECK(none.minor_canonical());
    CHECK(none.members(6) == Routers{6});
    CHECK_FALSE(Supernode(torus, gravity(1), "k").minor_canonical());
  }
}

TEST_CASE("Subtopology: a j-ary m-cube around the centre") {
  SUBCASE("torus 8x8, j = 3: the 3x3 square centred on the router, wrapping") {
    const net::Torus torus({8, 8});
    const Supernode s(torus, sub(3), "k");
    // (0,0): x in {7,0,1}, y in {7,0,1}.
    CHECK(s.members(0) == Routers{0, 1, 7, 8, 9, 15, 56, 57, 63});
    check_region(torus, s.members(19), 19, 2);
    CHECK(s.members(19).size() == 9);
  }
  SUBCASE("even j has one more coordinate on the + side") {
    const net::Torus torus({8, 8});
    // (3,2), j = 2: x in {3,4}, y in {2,3}.
    CHECK(Supernode(torus, sub(2), "k").members(19) == Routers{19, 20, 27, 28});
  }
  SUBCASE("m < n spans the lowest dimensions only: a 1D ring segment") {
    const net::Torus torus({8, 8});
    CHECK(Supernode(torus, sub(3, 1), "k").members(19) == Routers{18, 19, 20});
  }
  SUBCASE("j = k, m = n is the whole network") {
    const net::Torus torus({4, 4});
    CHECK(Supernode(torus, sub(4), "k").members(7).size() == 16);
  }
  SUBCASE("mesh: the partial shape at a corner") {
    const net::Mesh mesh({4, 4});
    CHECK(Supernode(mesh, sub(3), "k").members(0) == Routers{0, 1, 4, 5});
    CHECK(Supernode(mesh, sub(3), "k").members(5).size() == 9);
  }
  SUBCASE("hypercube: the 2-ary m-subcube of the m low bits") {
    const net::Hypercube cube(4);
    CHECK(Supernode(cube, sub(2, 2), "k").members(0b1001) ==
          Routers{0b1000, 0b1001, 0b1010, 0b1011});
    CHECK(Supernode(cube, sub(2), "k").members(3).size() == 16);
  }
  SUBCASE("fat tree: the k-ary m-tree above the leaf") {
    const net::FatTree tree(4, 3);
    // Leaf 5 (index digits 1,1): leaves 4..7 and the level-1 switches 20..23 above them.
    CHECK(Supernode(tree, sub(4, 2), "k").members(5) == Routers{4, 5, 6, 7, 20, 21, 22, 23});
    CHECK(Supernode(tree, sub(4, 1), "k").members(5) == Routers{5});
    CHECK(Supernode(tree, sub(4, 3), "k").members(5).size() == 48);
  }
  SUBCASE("j = 1 is minor canonical") {
    const net::Torus torus({4, 4});
    const Supernode s(torus, sub(1), "k");
    CHECK(s.minor_canonical());
    CHECK(s.members(9) == Routers{9});
  }
}

TEST_CASE("A supernode larger than the network is a ConfigError naming the key") {
  const net::Torus torus({4, 8});
  // The key of the ConfigError that building the supernode throws ("" if none).
  const auto error_key = [](const net::Topology& t, SupernodeSpec spec) -> std::string {
    try {
      const Supernode s(t, spec, "drb.source_size");
    } catch (const pdes::ConfigError& e) {
      return e.key();
    }
    return "";
  };
  SUBCASE("Gravity Area radius beyond the diameter") {
    CHECK(error_key(torus, gravity(torus.diameter())) == "");
    CHECK(error_key(torus, gravity(torus.diameter() + 1)) == "drb.source_size");
  }
  SUBCASE("Subtopology radix beyond a dimension's radix") {
    CHECK(error_key(torus, sub(5)) == "drb.source_size");
    // Dimension 1 has radix 8, but the cube spans dimension 0 (radix 4) too.
    CHECK(error_key(torus, sub(4)) == "");
    CHECK(error_key(torus, sub(5, 1)) == "drb.source_size");
  }
  SUBCASE("Subtopology radix 0") { CHECK(error_key(torus, sub(0)) == "drb.source_size"); }
  SUBCASE("Subtopology with more dimensions than the network") {
    CHECK(error_key(torus, sub(2, 3)) == "drb.subtopology_dims");
  }
  SUBCASE("fat tree sub-tree radix other than 1 or k, or too many levels") {
    const net::FatTree tree(4, 3);
    CHECK(error_key(tree, sub(2)) == "drb.source_size");
    CHECK(error_key(tree, sub(4, 4)) == "drb.subtopology_dims");
    CHECK(error_key(tree, sub(4, 3)) == "");
  }
}
