// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_registry.hpp"

#include "models/network/traffic/hot_area.hpp"
#include "models/network/traffic/hot_spot.hpp"
#include "models/network/traffic/random_permutation.hpp"

#include <doctest/doctest.h>

#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/torus.hpp"
#include "tests/models/network/traffic/traffic_checks.hpp"

using net::TrafficContext;
using net::TrafficRegistry;

namespace {

TrafficRegistry make_registry() {
  TrafficRegistry r;
  net::register_traffic_patterns(r);
  return r;
}

}  // namespace

TEST_CASE("TrafficRegistry builds every registered pattern on an 8x8 torus") {
  const TrafficRegistry r = make_registry();
  CHECK(r.names() == std::vector<std::string>{"uniform", "bit_complement", "bit_reversal",
                                              "perfect_shuffle", "transpose", "butterfly",
                                              "tornado", "neighbour", "random_permutation",
                                              "hot_spot", "hot_area", "group_shift",
                                              "random_group_permutation"});
  const TrafficContext ctx = TrafficContext::of(net::Torus({8, 8}));
  for (const auto& entry : r.entries()) {
    CAPTURE(entry.name);
    // The group patterns need groups: test_group_traffic.cpp builds them on a dragonfly.
    if (entry.name == "group_shift" || entry.name == "random_group_permutation") continue;
    std::any params;
    if (entry.name == "random_permutation") params = net::traffic::RandomPermutationParams{1};
    if (entry.name == "hot_spot") params = net::traffic::HotSpotParams{{0}, 0.1};
    if (entry.name == "hot_area") params = net::traffic::HotAreaParams{{25, 26}, {4, 53}, {}};
    const auto pattern = r.create(entry.name, ctx, params);
    CHECK(pattern->name() == entry.name);
    CHECK(pattern->num_nodes() == 64);
    net::testing::TestRng rng;
    for (net::NodeId s = 0; s < 64; ++s) CHECK(pattern->destination(s, rng.rng) < 64);
  }
}

TEST_CASE("TrafficRegistry rejects unknown names and unsuitable networks") {
  const TrafficRegistry r = make_registry();
  SUBCASE("unknown name") {
    REQUIRE_THROWS_AS(r.create("bitrev", net::TrafficContext::nodes_only(16), {}),
                      pdes::ConfigError);
    CHECK_THROWS_WITH(r.create("bitrev", net::TrafficContext::nodes_only(16), {}),
                      doctest::Contains("traffic.pattern: unknown traffic pattern 'bitrev'; "
                                        "valid names: uniform, bit_complement"));
  }
  SUBCASE("tornado on a fat tree") {
    const TrafficContext tree = TrafficContext::of(net::FatTree(4, 3));
    REQUIRE_THROWS_AS(r.create("tornado", tree, {}), pdes::ConfigError);
  }
  SUBCASE("bit reversal on 48 nodes") {
    REQUIRE_THROWS_AS(r.create("bit_reversal", net::TrafficContext::nodes_only(48), {}),
                      pdes::ConfigError);
  }
}
