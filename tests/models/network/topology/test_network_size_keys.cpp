// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/network_size_keys.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"

using net::NetworkSizeKeys;

TEST_CASE("NetworkSizeKeys::require_only accepts used and unset keys") {
  NetworkSizeKeys p;
  CHECK_NOTHROW(p.require_only("torus", {net::kDimsKey}));
  p.dims = {4, 4};
  p.concentration = 2;
  CHECK_NOTHROW(p.require_only("torus", {net::kDimsKey, net::kConcentrationKey}));
}

TEST_CASE("NetworkSizeKeys::require_only names a set but unused key") {
  NetworkSizeKeys p;
  SUBCASE("k on a torus") {
    p.k = 4;
    try {
      p.require_only("torus", {net::kDimsKey, net::kConcentrationKey});
      FAIL("expected a ConfigError");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "network.k");
      CHECK(std::string(e.what()) ==
            "network.k: not used by topology 'torus' (it uses: network.dims, "
            "network.concentration)");
    }
  }
  SUBCASE("dims on a fat tree") {
    p.dims = {4};
    REQUIRE_THROWS_AS(p.require_only("fat_tree", {net::kArityKey, net::kLevelsKey}),
                      pdes::ConfigError);
  }
  SUBCASE("concentration on a fat tree") {
    p.concentration = 1;
    REQUIRE_THROWS_AS(p.require_only("fat_tree", {net::kArityKey, net::kLevelsKey}),
                      pdes::ConfigError);
  }
  SUBCASE("n on a mesh") {
    p.n = 3;
    REQUIRE_THROWS_AS(p.require_only("mesh", {net::kDimsKey}), pdes::ConfigError);
  }
}
