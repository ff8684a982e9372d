// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dimension_order.hpp"

#include <doctest/doctest.h>

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
