// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dimension_order.hpp"

#include <doctest/doctest.h>

#include <string>

#include "pdes/error.hpp"

#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"

using net::DimensionOrderRouting;

TEST_CASE("mesh: X first, then Y, then the terminal port; one VC class") {
  const net::Mesh mesh({4, 4});
  const DimensionOrderRouting dor(mesh);
  CHECK(dor.vc_classes() == 1);
  // Router 0 = (0,0) to node 10 at (2,2): +x (port 0) first.
  CHECK(dor.route(0, 4, 0, 10).out_port == 0);
  // Router 2 = (2,0): x done, +y (port 2).
  CHECK(dor.route(2, 1, 0, 10).out_port == 2);
  // Router 10: the terminal port 4.
  CHECK(dor.route(10, 3, 0, 10).out_port == 4);
  // (3,3) -> (0,0): -x (port 1).
  CHECK(dor.route(15, 4, 0, 0).out_port == 1);
}

TEST_CASE("torus: dateline classes") {
  const net::Torus torus({4, 4});
  const DimensionOrderRouting dor(torus);
  CHECK(dor.vc_classes() == 2);
  // From x=3 to x=1 (delta 2, a tie): +x first, across the wrap link 3 -> 0: class 1.
  auto d = dor.route(3, 4, 0, 1);
  CHECK(d.out_port == 0);
  CHECK(d.vc_class == 1);
  // At x=0, arriving on -x port (1) of dimension 0 in class 1: stay in class 1.
  d = dor.route(0, 1, 1, 1);
  CHECK(d.out_port == 0);
  CHECK(d.vc_class == 1);
  // Turning into y resets the class: router 1 = (1,0) to node 13 = (1,3): -y (port 3) across
  // the wrap 0 -> 3: class 1; to node 5 = (1,1): +y, class 0.
  d = dor.route(1, 1, 1, 13);
  CHECK(d.out_port == 3);
  CHECK(d.vc_class == 1);
  d = dor.route(1, 1, 1, 5);
  CHECK(d.out_port == 2);
  CHECK(d.vc_class == 0);
  // Injected packets (terminal input port 4) start in class 0 unless they cross at once.
  CHECK(dor.route(1, 4, 1, 2).vc_class == 0);
}

TEST_CASE("hypercube: e-cube corrects the lowest differing bit first") {
  const net::Hypercube cube(4);
  const DimensionOrderRouting dor(cube);
  CHECK(dor.vc_classes() == 1);
  CHECK(dor.route(0b0000, 4, 0, 0b1010).out_port == 1);
  CHECK(dor.route(0b0010, 1, 0, 0b1010).out_port == 3);
  CHECK(dor.route(0b1010, 3, 0, 0b1010).out_port == 4);
}

TEST_CASE("a topology without dimensions is refused") {
  const net::FatTree tree(2, 2);
  REQUIRE_THROWS_AS(DimensionOrderRouting{tree}, pdes::ConfigError);
}

TEST_CASE("torus half-way tie: plus, balanced by the source's coordinate, random per packet") {
  // 8-ary ring in x: from x to x + 4 both ways are minimal (network.torus_tie).
  const net::Torus torus({8, 8});
  const DimensionOrderRouting plus(torus);
  const DimensionOrderRouting balanced(torus, net::TorusTie::kBalanced);
  const DimensionOrderRouting random(torus, net::TorusTie::kRandom);
  CHECK(plus.tie() == net::TorusTie::kPlus);
  for (std::uint32_t x = 0; x < 8; ++x) {
    const net::NodeId dst = (x + 4) % 8;
    CHECK(plus.route(x, 4, 0, dst).out_port == 0);
    // Even coordinates go +x (port 0), odd ones -x (port 1).
    CHECK(balanced.route(x, 4, 0, dst).out_port == (x % 2 == 0 ? 0u : 1u));
    // Not a tie: every rule takes the minimal way.
    CHECK(balanced.route(x, 4, 0, (x + 3) % 8).out_port == 0);
    CHECK(random.route(x, 4, 0, (x + 5) % 8).out_port == 1);
  }
  // Once on its way, the packet keeps the direction: from x = 7 (reached going -x from 0
  // towards 4) the + way is longer.
  CHECK(balanced.route(7, 1, 1, 4).out_port == 1);
  // The same tie in y: router (0, 1) to (0, 5) is odd in y, so -y (port 3).
  CHECK(balanced.route(8, 4, 0, 40).out_port == 3);
  // Random: a pure function of the packet (repeatable), and both ways occur.
  int minus = 0;
  for (std::uint32_t seq = 0; seq < 200; ++seq) {
    const auto d = random.route(0, 4, 0, 4, {3, seq});
    CHECK(d.out_port == random.route(0, 4, 0, 4, {3, seq}).out_port);
    minus += d.out_port == 1 ? 1 : 0;
  }
  CHECK(minus > 70);
  CHECK(minus < 130);
  // The names parse both ways; an unknown one names the key.
  CHECK(net::parse_torus_tie(net::to_string(net::TorusTie::kBalanced)) == net::TorusTie::kBalanced);
  try {
    net::parse_torus_tie("minus");
    FAIL("expected a ConfigError");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "network.torus_tie");
    CHECK(std::string(e.what()).find("plus, random, balanced") != std::string::npos);
  }
}
