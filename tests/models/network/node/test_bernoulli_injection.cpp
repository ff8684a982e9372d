// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/bernoulli_injection.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "tests/models/network/node/injection_checks.hpp"

using net::BernoulliInjection;
using net::testing::arrivals;
using net::testing::packet_count;

TEST_CASE("Bernoulli: the mean rate matches within 5 sigma, at most one packet per cycle") {
  const BernoulliInjection process;
  CHECK(process.name() == "bernoulli");
  constexpr std::uint64_t kCycles = 1'000'000;
  for (const double rate : {0.01, 0.3, 0.9}) {
    CAPTURE(rate);
    const auto a = arrivals(process, rate, 1, 1 + kCycles);
    const double expected = rate * kCycles;
    const double sigma = std::sqrt(kCycles * rate * (1 - rate));
    CHECK(std::abs(static_cast<double>(packet_count(a)) - expected) < 5 * sigma);
    for (const auto& x : a) REQUIRE(x.packets == 1);
  }
}

TEST_CASE("Bernoulli: gaps are geometric (P(gap = 1) = rate)") {
  const BernoulliInjection process;
  const auto a = arrivals(process, 0.25, 1, 400'001);
  std::uint64_t ones = 0;
  for (std::size_t i = 1; i < a.size(); ++i) ones += a[i].cycle - a[i - 1].cycle == 1 ? 1 : 0;
  const double share = static_cast<double>(ones) / static_cast<double>(a.size() - 1);
  CHECK(share == doctest::Approx(0.25).epsilon(0.03));
}

TEST_CASE("Bernoulli: rate 1 generates in every cycle of the segment, and nothing past its end") {
  const auto a = arrivals(BernoulliInjection(), 1.0, 5, 15);
  REQUIRE(a.size() == 10);
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].cycle == 5 + i);
}

TEST_CASE("Bernoulli: the same stream gives the same cycles") {
  const BernoulliInjection process;
  CHECK(arrivals(process, 0.1, 1, 10'000, 3, 7) == arrivals(process, 0.1, 1, 10'000, 3, 7));
  CHECK(arrivals(process, 0.1, 1, 10'000, 3, 7) != arrivals(process, 0.1, 1, 10'000, 3, 8));
}
