// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/channel_table.hpp"

#include <doctest/doctest.h>

#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"
#include "pdes/error.hpp"

using net::ChannelTable;

namespace {

// Every channel maps back to its id, and its reverse is a channel too.
void check_table(const net::Topology& topo, std::size_t expected) {
  const ChannelTable table(topo);
  CHECK(table.size() == expected);
  for (net::ChannelId id = 0; id < table.size(); ++id) {
    const net::Channel& c = table[id];
    CHECK(table.id(c.from, c.from_port) == id);
    const auto reverse = table.id(c.to, c.to_port);
    REQUIRE(reverse.has_value());
    CHECK(table[*reverse].to == c.from);
    CHECK(topo.neighbour(c.from, c.from_port) == net::RouterPort{c.to, c.to_port});
    if (id > 0) {
      const net::Channel& prev = table[id - 1];
      CHECK((prev.from < c.from || (prev.from == c.from && prev.from_port < c.from_port)));
    }
  }
}

}  // namespace

TEST_CASE("ChannelTable counts directed channels") {
  SUBCASE("4x4 mesh: 2 * 2 * 4 * 3") { check_table(net::Mesh({4, 4}), 48); }
  SUBCASE("4x4 torus: 4 per router") { check_table(net::Torus({4, 4}), 64); }
  SUBCASE("2x2 torus: parallel links count twice") { check_table(net::Torus({2, 2}), 16); }
  SUBCASE("6-cube: 6 per router") { check_table(net::Hypercube(6), 384); }
  SUBCASE("4-ary 3-tree: 2 * (64 + 64)") { check_table(net::FatTree(4, 3), 256); }
}

TEST_CASE("ChannelTable ids follow (router, port) order and skip non-network ports") {
  const net::Mesh mesh({3, 3}, 2);
  const ChannelTable table(mesh);
  // Router 0 = (0, 0): +x (port 0) and +y (port 2) only.
  CHECK(table.id(0, 0) == 0);
  CHECK_FALSE(table.id(0, 1).has_value());
  CHECK(table.id(0, 2) == 1);
  CHECK_FALSE(table.id(0, 4).has_value());  // terminal port
  CHECK(table[0] == net::Channel{0, 0, 1, 1});
  CHECK(table.channels().size() == table.size());
}

TEST_CASE("ChannelTable rejects out-of-range ids") {
  const ChannelTable table(net::Mesh({3, 3}));
  SUBCASE("router") { CHECK_THROWS_AS(table.id(9, 0), pdes::InvariantError); }
  SUBCASE("port") { CHECK_THROWS_AS(table.id(0, 5), pdes::InvariantError); }
}
