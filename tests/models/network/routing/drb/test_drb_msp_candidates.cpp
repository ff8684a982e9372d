// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp_candidates.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "models/network/routing/dimension_order.hpp"
#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"

using net::RouterId;
using net::drb::DrbParams;
using net::drb::Msp;
using net::drb::MspCandidates;
using Routers = std::vector<RouterId>;

namespace {

DrbParams gravity(std::uint32_t source_size, std::uint32_t destination_size, bool distinct) {
  DrbParams p;
  p.source_size = source_size;
  p.destination_size = destination_size;
  p.distinct_paths = distinct;
  return p;
}

// The list contract: canonical first, eq. [2] lengths, then ascending (length, x, y), X in the
// source supernode and Y in the destination supernode.
/// `by_id`: the list must be in (length, X, Y) order (drb.candidate_tie = router_id); otherwise
/// only by length.
void check_list(const net::Topology& t, const MspCandidates& gen, const std::vector<Msp>& list,
                RouterId s, RouterId d, bool by_id = true) {
  REQUIRE_FALSE(list.empty());
  CHECK(list[0] ==
        Msp{static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(d), t.distance(s, d)});
  const Routers xs = gen.source_supernode().members(s);
  const Routers ys = gen.destination_supernode().members(d);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Msp& m = list[i];
    CHECK(m.length == t.distance(s, m.x) + t.distance(m.x, m.y) + t.distance(m.y, d));
    CHECK(m.length >= t.distance(s, d));
    CHECK(std::binary_search(xs.begin(), xs.end(), m.x));
    CHECK(std::binary_search(ys.begin(), ys.end(), m.y));
    if (i >= 2) {
      const Msp& p = list[i - 1];
      if (by_id) {
        CHECK(std::tie(p.length, p.x, p.y) < std::tie(m.length, m.x, m.y));
      } else {
        CHECK(p.length <= m.length);
      }
    }
  }
}

}  // namespace

TEST_CASE("MSP length is eq. [2] and the route follows DOR in each step") {
  const net::Torus torus({8, 8});
  // S = (0,0), X = (0,1) = 8, Y = (2,2) = 18, D = (3,2) = 19.
  const Msp m = net::drb::make_msp(torus, 0, 8, 18, 19);
  CHECK(m.length == 1 + 3 + 1);
  CHECK(net::drb::msp_routers(torus, 0, m, 19) == Routers{0, 8, 9, 10, 18, 19});
  // The canonical MSP is the DOR path: x first, then y.
  const Msp c = net::drb::canonical_msp(torus, 0, 19);
  CHECK(c == Msp{0, 19, 5});
  const Routers path = net::drb::msp_routers(torus, 0, c, 19);
  CHECK(path == Routers{0, 1, 2, 3, 11, 19});
  const net::DimensionOrderRouting dor(torus);
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const net::PortId out = dor.route(path[i], 4, 0, 19).out_port;
    CHECK(torus.neighbour(path[i], out)->router == path[i + 1]);
  }
}

TEST_CASE("candidates on an 8x8 torus, Gravity Area 1 at both ends") {
  const net::Torus torus({8, 8});
  SUBCASE("all l*k = 25 MSPs, sorted, canonical first") {
    const MspCandidates gen(torus, gravity(1, 1, false));
    const std::vector<Msp> all = gen.generate(0, 19, 1000);
    CHECK(all.size() == 25);  // eq. [5]: s = l * k
    check_list(torus, gen, all, 0, 19);
    // The shortest alternatives are minimal (length 5): X = S with Y = 11 or 18, ...
    CHECK(all[1] == Msp{0, 11, 5});
    CHECK(all[2] == Msp{0, 18, 5});
    CHECK(all[3] == Msp{1, 11, 5});
    // ... and the longest leaves S backwards in y (X = (0,7)) and enters D from beyond in y
    // (Y = (3,3)): 1 + 7 + 1.
    CHECK(all.back() == Msp{56, 27, 9});
    // A limit keeps the prefix.
    const std::vector<Msp> three = gen.generate(0, 19, 3);
    CHECK(std::vector<Msp>(all.begin(), all.begin() + 3) == three);
  }
  SUBCASE("distinct paths drop alternatives that retrace the static path") {
    const MspCandidates gen(torus, gravity(1, 1, true));
    const std::vector<Msp> three = gen.generate(0, 19, 3);
    // (0, 11): DOR from S to 11 = (3,1) is the static path's prefix; (0, 18) turns at (2,0);
    // (1, 11), (1, 18), (1, 19) repeat routes already taken; (8, 11) goes along y = 1.
    CHECK(three == std::vector<Msp>{{0, 19, 5}, {0, 18, 5}, {8, 11, 5}});
    const std::vector<Msp> all = gen.generate(0, 19, 1000);
    check_list(torus, gen, all, 0, 19);
    CHECK(all.size() < 25);
    std::set<Routers> routes;
    for (const Msp& m : all) {
      const Routers r = net::drb::msp_routers(torus, 0, m, 19);
      CHECK(r.size() == m.length + 1u);
      CHECK(routes.insert(r).second);
    }
  }
  SUBCASE("a pair on one router has only the canonical MSP") {
    const MspCandidates gen(torus, gravity(1, 1, false));
    CHECK(gen.generate(9, 9, 3) == std::vector<Msp>{{9, 9, 0}});
  }
  SUBCASE("minor canonical supernodes leave the static path alone") {
    const MspCandidates gen(torus, gravity(0, 0, false));
    CHECK(gen.generate(0, 19, 3) == std::vector<Msp>{{0, 19, 5}});
  }
}

TEST_CASE("candidates on a mesh, a hypercube and a fat tree keep the list contract") {
  SUBCASE("mesh 4x4, corner to corner") {
    const net::Mesh mesh({4, 4});
    const MspCandidates gen(mesh, gravity(1, 2, false));
    const std::vector<Msp> all = gen.generate(0, 15, 1000);
    CHECK(all.size() == 3u * 6u);
    check_list(mesh, gen, all, 0, 15);
  }
  SUBCASE("4-cube") {
    const net::Hypercube cube(4);
    const MspCandidates gen(cube, gravity(1, 1, true));
    const std::vector<Msp> all = gen.generate(0b0000, 0b1010, 1000);
    check_list(cube, gen, all, 0b0000, 0b1010);
    // The other minimal e-cube order (bit 3 before bit 1) is among the first alternatives.
    CHECK(all[1].length == 2);
  }
  SUBCASE("4-ary 3-tree, between leaves of different sub-trees") {
    const net::FatTree tree(4, 3);
    const MspCandidates gen(tree, gravity(2, 2, false));
    const std::vector<Msp> all = gen.generate(0, 15, 50);
    CHECK(all.size() == 50);
    check_list(tree, gen, all, 0, 15);
  }
}

TEST_CASE("Valiant's intermediates: a whole-network source supernode") {
  const net::Torus torus({4, 4});
  const MspCandidates gen(torus, gravity(torus.diameter(), 0, false));
  const std::vector<Msp> all = gen.generate(5, 10, 1000);
  REQUIRE(all.size() == 16);
  std::set<std::uint32_t> xs;
  for (const Msp& m : all) {
    CHECK(m.y == 10);
    xs.insert(m.x);
  }
  CHECK(xs.size() == 16);
  check_list(torus, gen, all, 5, 10);
}

TEST_CASE("drb.candidate_tie = hashed: the same candidates by length, equal lengths reordered") {
  const net::Torus torus({8, 8});
  DrbParams hashed = gravity(1, 1, false);
  hashed.candidate_tie = net::drb::CandidateTie::kHashed;
  const MspCandidates by_id(torus, gravity(1, 1, false));
  const MspCandidates by_hash(torus, hashed);
  std::size_t reordered = 0;
  for (net::RouterId s = 0; s < 64; s += 9) {
    for (net::RouterId d : {net::RouterId{19}, net::RouterId{36}, net::RouterId{63}}) {
      if (s == d) continue;
      const std::vector<Msp> a = by_id.generate(s, d, 1000);
      const std::vector<Msp> b = by_hash.generate(s, d, 1000);
      check_list(torus, by_hash, b, s, d, false);
      REQUIRE(a.size() == b.size());
      CHECK(a[0] == b[0]);  // the canonical MSP stays first
      auto key = [](const Msp& m) { return std::tie(m.length, m.x, m.y); };
      std::vector<Msp> sa(a), sb(b);
      auto less = [&](const Msp& x, const Msp& y) { return key(x) < key(y); };
      std::sort(sa.begin(), sa.end(), less);
      std::sort(sb.begin(), sb.end(), less);
      CHECK(sa == sb);  // the same set
      for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].length == b[i].length);  // still by length
        reordered += a[i] == b[i] ? 0 : 1;
      }
      CHECK(by_hash.generate(s, d, 1000) == b);  // a pure function of the pair
    }
  }
  CHECK(reordered > 0);
}
