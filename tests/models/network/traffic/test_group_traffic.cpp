// SPDX-License-Identifier: Apache-2.0
// The dragonfly's group patterns (traffic/group_shift.hpp, traffic/random_group_permutation.hpp):
// destinations in the right group, random or same-offset choice within it, seeded group
// permutations, and clear errors on topologies without groups or with a useless shift.
#include <doctest/doctest.h>

#include <set>

#include "models/network/topology/dragonfly.hpp"
#include "models/network/topology/torus.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "models/network/traffic/random_group_permutation.hpp"
#include "tests/models/network/traffic/traffic_checks.hpp"

namespace {

using net::traffic::GroupShift;
using net::traffic::GroupShiftParams;
using net::traffic::RandomGroupPermutation;

net::TrafficContext dragonfly_context() {
  return net::TrafficContext::of(net::Dragonfly(net::DragonflyParams{}));  // p2 a4 h2 g9
}

}  // namespace

TEST_CASE("a dragonfly's traffic context carries its groups") {
  const net::TrafficContext c = dragonfly_context();
  CHECK(c.num_nodes == 72);
  CHECK(c.groups == 9);
  CHECK(c.nodes_per_group == 8);
  CHECK(net::TrafficContext::of(net::Torus({4, 4}, 1)).groups == 0);
}

TEST_CASE("group_shift sends group G to a random node of group G + k") {
  const net::TrafficContext c = dragonfly_context();
  for (std::int64_t k : {1, 4, -1, 10}) {
    const GroupShift pattern(c, GroupShiftParams{k, false});
    CHECK_FALSE(pattern.is_permutation());
    net::testing::TestRng r;
    std::set<net::NodeId> reached;
    for (int repeat = 0; repeat < 50; ++repeat) {
      for (net::NodeId s = 0; s < c.num_nodes; ++s) {
        const net::NodeId d = pattern.destination(s, r.rng);
        CHECK(d / 8 ==
              static_cast<net::NodeId>(((static_cast<std::int64_t>(s / 8) + k) % 9 + 9) % 9));
        if (s < 8) reached.insert(d);
      }
    }
    CHECK(reached.size() == 8);  // every node of the target group, 400 draws
  }
}

TEST_CASE("group_shift with same_offset is the permutation s + k * nodes_per_group") {
  const GroupShift pattern(dragonfly_context(), GroupShiftParams{2, true});
  net::testing::check_bijection(pattern);
  const auto d = net::testing::destinations(pattern);
  CHECK(d[0] == 16);
  CHECK(d[71] == 15);
}

TEST_CASE("group_shift refuses topologies without groups and shifts by a multiple of g") {
  CHECK_THROWS_WITH_AS(GroupShift(net::TrafficContext::of(net::Torus({4, 4}, 1)), {}),
                       doctest::Contains("traffic.pattern"), pdes::ConfigError);
  CHECK_THROWS_WITH_AS(GroupShift(dragonfly_context(), GroupShiftParams{9, false}),
                       doctest::Contains("traffic.group_shift.k"), pdes::ConfigError);
}

TEST_CASE("random_group_permutation is a seeded derangement of the groups") {
  const net::TrafficContext c = dragonfly_context();
  for (std::uint64_t seed : {1u, 2u, 3u, 42u}) {
    const RandomGroupPermutation p(c, seed);
    std::set<std::uint64_t> targets;
    for (std::uint64_t g = 0; g < 9; ++g) {
      CHECK(p.target_group(g) != g);
      targets.insert(p.target_group(g));
    }
    CHECK(targets.size() == 9);
    net::testing::TestRng r;
    for (net::NodeId s = 0; s < c.num_nodes; ++s) {
      CHECK(p.destination(s, r.rng) / 8 == p.target_group(s / 8));
    }
  }
  const auto groups = [&](std::uint64_t seed) {
    std::vector<std::uint64_t> t;
    const RandomGroupPermutation p(c, seed);
    for (std::uint64_t g = 0; g < 9; ++g) t.push_back(p.target_group(g));
    return t;
  };
  CHECK(groups(5) == groups(5));
  CHECK(groups(5) != groups(6));
  CHECK_THROWS_WITH_AS(
      RandomGroupPermutation::create(c, net::traffic::RandomGroupPermutationParams{}),
      doctest::Contains("traffic.random_group_permutation.seed"), pdes::ConfigError);
  CHECK_THROWS_WITH_AS(RandomGroupPermutation(net::TrafficContext::nodes_only(16), 1),
                       doctest::Contains("traffic.pattern"), pdes::ConfigError);
}
