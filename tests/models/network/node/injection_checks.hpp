// SPDX-License-Identifier: Apache-2.0
//
// Helpers for injection-process tests: drive a process over a segment as TrafficSource does,
// and collect the generations.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/node/injection_process.hpp"
#include "tests/models/network/traffic/traffic_checks.hpp"

namespace net::testing {

/// Every generation of `process` at `rate` in cycles [first, end) for `node`.
inline std::vector<Arrival> arrivals(const InjectionProcess& process, double rate,
                                     std::uint64_t first, std::uint64_t end, NodeId node = 0,
                                     std::uint64_t seed = 12345) {
  TestRng r(seed, 100 + node);
  InjectionState state;
  process.begin(first, rate, node, state, r.rng);
  std::vector<Arrival> out;
  std::uint64_t from = first;
  while (auto a = process.next(from, end, rate, state, r.rng)) {
    REQUIRE(a->cycle >= from);
    REQUIRE(a->cycle < end);
    REQUIRE(a->packets >= 1);
    out.push_back(*a);
    from = a->cycle + 1;
  }
  return out;
}

inline std::uint64_t packet_count(const std::vector<Arrival>& arrivals) {
  std::uint64_t n = 0;
  for (const Arrival& a : arrivals) n += a.packets;
  return n;
}

}  // namespace net::testing
