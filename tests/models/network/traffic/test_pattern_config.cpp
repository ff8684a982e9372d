// SPDX-License-Identifier: Apache-2.0
// A traffic pattern's parameters, declared once in its own file (PatternConfig): read from the
// [traffic] keys and from a phase's fields, and rejected where another pattern's are given.
#include "models/network/traffic/pattern_config.hpp"

#include <doctest/doctest.h>

#include "models/network/traffic/hot_spot.hpp"
#include "models/network/traffic/random_permutation.hpp"
#include "models/network/traffic/traffic_registry.hpp"
#include "tests/models/network/config/network_config_checks.hpp"

using net::testing::issues_of;
using net::testing::load;
using net::testing::network_file;

TEST_CASE("a parameter is a [traffic] key and a phase field") {
  const net::PatternConfig hot = net::traffic::HotSpot::config();
  REQUIRE(hot.parameters.size() == 2);
  CHECK(hot.parameters[0].key() == "traffic.hot_spot.nodes");
  CHECK(hot.parameters[0].phase_field() == "hot_spot_nodes");
  const net::PatternConfig permutation = net::traffic::RandomPermutation::config();
  CHECK(permutation.parameters[0].key() == "traffic.permutation_seed");
  CHECK(permutation.parameters[0].phase_field() == "permutation_seed");
}

TEST_CASE("the registry declares each parameter as a key and as a phase field") {
  const io::Schema schema = net::testing::full_schema();
  CHECK(schema.find("traffic.hot_spot.nodes") != nullptr);
  CHECK(schema.find("traffic.permutation_seed") != nullptr);
  const io::KeyDecl* phases = schema.find("traffic.phases");
  REQUIRE(phases != nullptr);
  CHECK(phases->find_field("hot_spot_fraction") != nullptr);
  CHECK(phases->find_field("permutation_seed") != nullptr);
  CHECK(phases->find_field("hot_spot_fraction")->description.find("Phase pattern hot_spot") == 0);
}

TEST_CASE("the same declaration reads the section and a phase") {
  net::TrafficRegistry patterns;
  net::register_traffic_patterns(patterns);
  const io::Config config =
      load(network_file("[traffic]\npattern = \"hot_spot\"\n"
                        "[traffic.hot_spot]\nnodes = [3, 7]\nfraction = 0.5\n"
                        "[[traffic.phases]]\nduration = 10\npattern = \"hot_spot\"\n"
                        "hot_spot_nodes = [1]\nhot_spot_fraction = 0.25\n"));
  const auto steady =
      std::any_cast<net::traffic::HotSpotParams>(patterns.read_options("hot_spot", config));
  CHECK(steady.nodes == std::vector<net::NodeId>{3, 7});
  CHECK(steady.fraction == 0.5);
  const auto phase = std::any_cast<net::traffic::HotSpotParams>(
      patterns.read_phase_options("hot_spot", config.get_table_list("traffic.phases")[0]));
  CHECK(phase.nodes == std::vector<net::NodeId>{1});
  CHECK(phase.fraction == 0.25);
  CHECK_FALSE(patterns.read_options("uniform", load(network_file())).has_value());
}

TEST_CASE("another pattern's parameter is an error naming its key or field") {
  SUBCASE("a [traffic] key") {
    const auto issues = issues_of(network_file("[traffic]\npermutation_seed = 3\n"));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].key == "traffic.permutation_seed");
    CHECK(issues[0].message ==
          "not used by traffic pattern 'uniform' (it takes no parameters)");
  }
  SUBCASE("a phase field") {
    const auto issues = issues_of(network_file(
        "[[traffic.phases]]\nduration = 10\npattern = \"random_permutation\"\n"
        "permutation_seed = 2\nhot_spot_fraction = 0.5\n"));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].key == "traffic.phases");
    CHECK(issues[0].message ==
          "phase 0 (line 7): field hot_spot_fraction: not used by traffic pattern "
          "'random_permutation' (it uses: permutation_seed)");
  }
}
