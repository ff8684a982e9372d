// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_params.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"

TEST_CASE("TrafficParams::require_only names a set but unused key") {
  net::TrafficParams p;
  CHECK_NOTHROW(p.require_only("uniform", {}));
  p.hot_spot_nodes = {1};
  CHECK_NOTHROW(p.require_only("hot_spot", {net::kHotSpotNodesKey, net::kHotSpotFractionKey}));
  try {
    p.require_only("random_permutation", {net::kPermutationSeedKey});
    FAIL("expected a ConfigError");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "traffic.hot_spot.nodes");
    CHECK(std::string(e.what()) ==
          "traffic.hot_spot.nodes: not used by traffic pattern 'random_permutation' (it uses: "
          "traffic.permutation_seed)");
  }
}
