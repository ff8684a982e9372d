// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/fast_divisor.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "models/network/topology/cartesian_shape.hpp"

using net::FastDivisor;

namespace {
// Numerators that exercise the edges: small values, multiples of d and their neighbours, and
// the top of the 32-bit range.
std::vector<std::uint32_t> numerators(std::uint32_t d) {
  constexpr std::uint32_t kMax = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> a = {0, 1, 2, 3, 7, 8, 63, 64, 65, 4095, 4096, kMax, kMax - 1};
  for (std::uint64_t m : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000},
                          std::uint64_t{kMax} / d}) {
    const std::uint64_t x = m * d;
    for (std::uint64_t v : {x - 1, x, x + 1}) {
      if (v <= kMax) a.push_back(static_cast<std::uint32_t>(v));
    }
  }
  std::uint64_t lcg = d;  // a few pseudo-random values
  for (int i = 0; i < 200; ++i) {
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    a.push_back(static_cast<std::uint32_t>(lcg >> 32));
  }
  return a;
}
}  // namespace

TEST_CASE("FastDivisor gives the quotient and remainder of hardware division") {
  for (std::uint32_t d : {1u, 2u, 3u, 5u, 7u, 8u, 10u, 64u, 100u, 641u, 4096u, 65535u, 65536u,
                          1000003u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu}) {
    const FastDivisor by(d);
    CHECK(by.divisor() == d);
    for (std::uint32_t a : numerators(d)) {
      INFO("a = " << a << ", d = " << d);
      CHECK(by.quotient(a) == a / d);
      CHECK(by.remainder(a) == a % d);
    }
  }
}

TEST_CASE("CartesianShape's coordinates agree with division on a large shape") {
  const net::CartesianShape shape({1000, 999, 7});
  for (std::uint64_t id : {std::uint64_t{0}, std::uint64_t{999}, std::uint64_t{1000},
                           std::uint64_t{998999}, std::uint64_t{999000},
                           shape.size() - 1}) {
    for (std::size_t d = 0; d < shape.num_dims(); ++d) {
      CHECK(shape.coordinate(id, d) == (id / shape.stride(d)) % shape.radix(d));
    }
  }
}
