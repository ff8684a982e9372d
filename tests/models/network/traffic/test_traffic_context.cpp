// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_context.hpp"

#include <doctest/doctest.h>

#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"

TEST_CASE("TrafficContext::of copies node count, radices and concentration") {
  const auto mesh = net::TrafficContext::of(net::Mesh({4, 3}, 2));
  CHECK(mesh.num_nodes == 24);
  CHECK(mesh.radices == std::vector<std::uint32_t>{4, 3});
  CHECK(mesh.concentration == 2);
  const auto cube = net::TrafficContext::of(net::Hypercube(3));
  CHECK(cube.radices == std::vector<std::uint32_t>{2, 2, 2});
  const auto tree = net::TrafficContext::of(net::FatTree(4, 2));
  CHECK(tree.num_nodes == 16);
  CHECK(tree.radices.empty());
}
