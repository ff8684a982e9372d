// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/periodic_injection.hpp"

#include <doctest/doctest.h>

#include <set>

#include "tests/models/network/node/injection_checks.hpp"

using net::PeriodicInjection;
using net::PeriodicOffset;
using net::testing::arrivals;

namespace {

std::vector<std::uint64_t> cycles(const std::vector<net::Arrival>& a) {
  std::vector<std::uint64_t> out;
  for (const auto& x : a) {
    REQUIRE(x.packets == 1);
    out.push_back(x.cycle);
  }
  return out;
}

}  // namespace

TEST_CASE("periodic, aligned: a packet every 1/rate cycles from the segment's first cycle") {
  const PeriodicInjection process(PeriodicOffset::kAligned, 4);
  CHECK(process.name() == "periodic");
  CHECK(cycles(arrivals(process, 0.25, 1, 20, 0)) == std::vector<std::uint64_t>{1, 5, 9, 13, 17});
  CHECK(cycles(arrivals(process, 0.25, 1, 20, 3)) == std::vector<std::uint64_t>{1, 5, 9, 13, 17});
  CHECK(cycles(arrivals(process, 0.25, 100, 110, 2)) == std::vector<std::uint64_t>{100, 104, 108});
}

TEST_CASE("periodic, staggered: node n starts n/N of a period later") {
  const PeriodicInjection process(PeriodicOffset::kStaggered, 4);
  for (std::uint64_t n = 0; n < 4; ++n) {
    CAPTURE(n);
    CHECK(cycles(arrivals(process, 0.25, 1, 13, n)) ==
          std::vector<std::uint64_t>{1 + n, 5 + n, 9 + n});
  }
}

TEST_CASE("periodic: a fractional period alternates gaps and keeps the exact rate") {
  const PeriodicInjection process(PeriodicOffset::kAligned, 1);
  // T = 10/3: ceil(k T) = 0, 4, 7, 10, 14, 17, 20, ...
  CHECK(cycles(arrivals(process, 0.3, 1, 22)) ==
        std::vector<std::uint64_t>{1, 5, 8, 11, 15, 18, 21});
  CHECK(arrivals(process, 0.3, 1, 1 + 30'000).size() == 9'000);
  // Rounding noise must not push a whole number up by a cycle (0.1 is not exact in binary).
  CHECK(PeriodicInjection::tolerant_ceil(3 * (1 / 0.3)) == 10.0);
  CHECK(PeriodicInjection::tolerant_ceil(10.5) == 11.0);
  CHECK(PeriodicInjection::tolerant_ceil(10.0) == 10.0);
}

TEST_CASE("periodic, random: a random first cycle in the first period, then exact periods") {
  const PeriodicInjection process(PeriodicOffset::kRandom, 64);
  std::set<std::uint64_t> firsts;
  for (std::uint64_t n = 0; n < 64; ++n) {
    const auto c = cycles(arrivals(process, 0.1, 1, 1001, n));
    // offset in [0, 10): the first packet at 1 + ceil(offset), in [1, 11].
    REQUIRE(c.size() >= 99);
    CHECK(c.front() >= 1);
    CHECK(c.front() <= 11);
    for (std::size_t k = 1; k < c.size(); ++k) CHECK(c[k] - c[k - 1] == 10);
    firsts.insert(c.front());
  }
  CHECK(firsts.size() > 5);  // 64 nodes over 11 possible first cycles
}
