// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp_selection.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "pdes/error.hpp"
#include "pdes/rng.hpp"

using net::drb::MspRecord;
using net::drb::SelectionRule;

namespace {

// Latencies 10, 20, 40: bandwidths 0.1, 0.05, 0.025, so Pr = 4/7, 2/7, 1/7 (eq. [4], [11]).
const std::vector<MspRecord> kOpen{
    {{0, 9, 4}, 10.0, 1}, {{1, 9, 4}, 20.0, 1}, {{2, 9, 6}, 40.0, 1}};

// Draws n selections from a fixed-seed stream and checks each count within 5 standard
// deviations of n p (a wrong distribution, e.g. proportional to latency, misses by ~100).
void check_frequencies(SelectionRule rule, const std::vector<double>& p) {
  std::uint64_t counter = 0;
  pdes::Rng rng(20240607, pdes::LpId{3}, counter);
  constexpr int kDraws = 70000;
  std::vector<int> count(kOpen.size(), 0);
  for (int i = 0; i < kDraws; ++i) ++count[net::drb::select_msp(kOpen, rule, rng.uniform())];
  for (std::size_t k = 0; k < p.size(); ++k) {
    const double expected = kDraws * p[k];
    const double sigma = std::sqrt(kDraws * p[k] * (1 - p[k]));
    CAPTURE(k);
    CHECK(std::abs(count[k] - expected) < 5 * sigma);
  }
}

}  // namespace

TEST_CASE("selection probabilities are the normalised bandwidths 1 / Latency") {
  const std::vector<double> p = net::drb::selection_probabilities(kOpen, SelectionRule::kBandwidth);
  CHECK(p[0] == doctest::Approx(4.0 / 7));
  CHECK(p[1] == doctest::Approx(2.0 / 7));
  CHECK(p[2] == doctest::Approx(1.0 / 7));
  const std::vector<double> u = net::drb::selection_probabilities(kOpen, SelectionRule::kUniform);
  for (double x : u) CHECK(x == doctest::Approx(1.0 / 3));
}

TEST_CASE("inverse-CDF selection (eq. [12]): P(k-1) <= R < P(k)") {
  using net::drb::select_msp;
  CHECK(select_msp(kOpen, SelectionRule::kBandwidth, 0.0) == 0);
  CHECK(select_msp(kOpen, SelectionRule::kBandwidth, 0.57) == 0);
  CHECK(select_msp(kOpen, SelectionRule::kBandwidth, 0.572) == 1);
  CHECK(select_msp(kOpen, SelectionRule::kBandwidth, 0.857) == 1);
  CHECK(select_msp(kOpen, SelectionRule::kBandwidth, 0.858) == 2);
  CHECK(select_msp(kOpen, SelectionRule::kBandwidth, 0.9999999) == 2);
  CHECK(select_msp(kOpen, SelectionRule::kUniform, 0.333) == 0);
  CHECK(select_msp(kOpen, SelectionRule::kUniform, 0.334) == 1);
  CHECK(select_msp(kOpen, SelectionRule::kUniform, 0.9999999) == 2);
  // One open MSP: always it.
  const std::vector<MspRecord> one(kOpen.begin(), kOpen.begin() + 1);
  CHECK(select_msp(one, SelectionRule::kBandwidth, 0.999) == 0);
  REQUIRE_THROWS_AS(select_msp(kOpen, SelectionRule::kBandwidth, 1.0), pdes::InvariantError);
}

TEST_CASE("selection frequencies follow the bandwidths (statistical, fixed seed)") {
  SUBCASE("bandwidth") {
    check_frequencies(SelectionRule::kBandwidth, {4.0 / 7, 2.0 / 7, 1.0 / 7});
  }
  SUBCASE("uniform") { check_frequencies(SelectionRule::kUniform, {1.0 / 3, 1.0 / 3, 1.0 / 3}); }
}
