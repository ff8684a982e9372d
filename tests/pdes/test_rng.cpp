// SPDX-License-Identifier: Apache-2.0
#include "pdes/rng.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using pdes::LpId;
using pdes::Rng;

namespace {
std::vector<std::uint64_t> draw(std::uint64_t seed, std::uint64_t lp, std::uint64_t start, int n) {
  std::uint64_t counter = start;
  Rng rng(seed, LpId{lp}, counter);
  std::vector<std::uint64_t> out;
  for (int i = 0; i < n; ++i) out.push_back(rng.next_u64());
  return out;
}
}  // namespace

TEST_CASE("a stream depends only on (seed, LP id, counter)") {
  CHECK(draw(1, 5, 0, 10) == draw(1, 5, 0, 10));
  CHECK(draw(1, 5, 0, 10) != draw(2, 5, 0, 10));
  CHECK(draw(1, 5, 0, 10) != draw(1, 6, 0, 10));
}

TEST_CASE("restoring the counter replays the stream exactly (rollback)") {
  std::uint64_t counter = 0;
  Rng rng(9, LpId{3}, counter);
  for (int i = 0; i < 17; ++i) rng.next_u64();
  const std::uint64_t saved = counter;
  CHECK(saved == 17);
  const double a = rng.uniform();
  const std::uint64_t b = rng.uniform_int(1000);
  const double c = rng.exponential(2.0);
  counter = saved;
  CHECK(rng.uniform() == a);
  CHECK(rng.uniform_int(1000) == b);
  CHECK(rng.exponential(2.0) == c);
  CHECK(draw(9, 3, 17, 1)[0] == draw(9, 3, 0, 18)[17]);
}

TEST_CASE("uniform, uniform_int and exponential have the right ranges and moments") {
  std::uint64_t counter = 0;
  Rng rng(2024, LpId{0}, counter);
  constexpr int kDraws = 200000;
  double sum_u = 0;
  double sum_e = 0;
  std::vector<int> bins(10, 0);
  for (int i = 0; i < kDraws; ++i) {
    const double u = rng.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    sum_u += u;
    const std::uint64_t k = rng.uniform_int(10);
    REQUIRE(k < 10);
    ++bins[k];
    const double e = rng.exponential(3.0);
    REQUIRE(e >= 0.0);
    sum_e += e;
  }
  CHECK(sum_u / kDraws == doctest::Approx(0.5).epsilon(0.01));
  CHECK(sum_e / kDraws == doctest::Approx(3.0).epsilon(0.02));
  // Chi-square with 9 degrees of freedom; 27.9 is the 0.999 quantile.
  double chi2 = 0;
  for (int b : bins) chi2 += (b - kDraws / 10.0) * (b - kDraws / 10.0) / (kDraws / 10.0);
  CHECK(chi2 < 27.9);
  CHECK(rng.uniform_int(1) == 0);
}
