// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/poisson_injection.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "tests/models/network/node/injection_checks.hpp"

using net::PoissonInjection;
using net::testing::arrivals;
using net::testing::packet_count;

TEST_CASE("Poisson: the mean rate matches within 5 sigma") {
  const PoissonInjection process;
  CHECK(process.name() == "poisson");
  constexpr std::uint64_t kCycles = 1'000'000;
  for (const double rate : {0.02, 0.3, 1.0}) {
    CAPTURE(rate);
    const auto n = static_cast<double>(packet_count(arrivals(process, rate, 1, 1 + kCycles)));
    const double expected = rate * kCycles;
    CHECK(std::abs(n - expected) < 5 * std::sqrt(expected));
  }
}

TEST_CASE("Poisson: packets per cycle follow Poisson(rate), several in a cycle included") {
  constexpr std::uint64_t kCycles = 400'000;
  constexpr double kRate = 0.5;
  const auto a = arrivals(PoissonInjection(), kRate, 1, 1 + kCycles);
  std::uint64_t with_two_or_more = 0;
  for (const auto& x : a) with_two_or_more += x.packets >= 2 ? 1 : 0;
  // P(N = 0) = e^-r; P(N >= 2) = 1 - e^-r (1 + r).
  const double empty = 1.0 - static_cast<double>(a.size()) / kCycles;
  CHECK(empty == doctest::Approx(std::exp(-kRate)).epsilon(0.01));
  CHECK(static_cast<double>(with_two_or_more) / kCycles ==
        doctest::Approx(1.0 - std::exp(-kRate) * (1.0 + kRate)).epsilon(0.03));
}

TEST_CASE("Poisson: a segment restarted at a later cycle generates only from that cycle") {
  const auto a = arrivals(PoissonInjection(), 0.8, 1000, 1100);
  REQUIRE_FALSE(a.empty());
  CHECK(a.front().cycle >= 1000);
  CHECK(a.back().cycle < 1100);
}
