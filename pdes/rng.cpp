// SPDX-License-Identifier: Apache-2.0
#include "pdes/rng.hpp"

#include <Random123/philox.h>

#include <cmath>

namespace pdes {

namespace {
__extension__ typedef unsigned __int128 Uint128;
}  // namespace

std::uint64_t Rng::next_u64() {
  // One Philox block per draw: the second output word is thrown away so that the state stays a
  // single counter (no cached half-block to save and restore on rollback).
  using Philox = r123::Philox2x64;
  const Philox::ctr_type ctr = {{lp_, (*counter_)++}};
  const Philox::key_type key = {{seed_}};
  return Philox{}(ctr, key)[0];
}

std::uint64_t Rng::uniform_int(std::uint64_t n) {
  // Lemire, "Fast random integer generation in an interval" (2019).
  std::uint64_t x = next_u64();
  Uint128 m = static_cast<Uint128>(x) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      x = next_u64();
      m = static_cast<Uint128>(x) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

double Rng::exponential(double mean) {
  // 1 - u lies in (0, 1], so the logarithm is finite.
  return -mean * std::log(1.0 - uniform());
}

}  // namespace pdes
