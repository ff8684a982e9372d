// SPDX-License-Identifier: Apache-2.0
//
// Helpers for traffic-pattern tests: a private RNG stream and a bijection check.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "models/network/traffic/traffic_pattern.hpp"
#include "pdes/rng.hpp"

namespace net::testing {

/// An Rng over a counter owned by the caller (as the kernel does for an LP).
struct TestRng {
  explicit TestRng(std::uint64_t seed = 12345, std::uint64_t lp = 7)
      : rng(seed, pdes::LpId(lp), counter) {}
  std::uint64_t counter = 0;
  pdes::Rng rng;
};

/// All destinations of a deterministic pattern, index = source.
inline std::vector<NodeId> destinations(const TrafficPattern& p) {
  TestRng r;
  std::vector<NodeId> result;
  for (NodeId s = 0; s < p.num_nodes(); ++s) result.push_back(p.destination(s, r.rng));
  CHECK(r.counter == 0);  // permutations draw nothing
  return result;
}

/// The pattern is a permutation: every destination in range, each hit exactly once.
inline void check_bijection(const TrafficPattern& p) {
  REQUIRE(p.is_permutation());
  std::vector<int> hits(p.num_nodes(), 0);
  for (NodeId d : destinations(p)) {
    REQUIRE(d < p.num_nodes());
    ++hits[d];
  }
  for (int h : hits) CHECK(h == 1);
}

}  // namespace net::testing
