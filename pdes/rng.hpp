// SPDX-License-Identifier: Apache-2.0
//
// Rng: the random-number stream of one logical process.
//
// Counter-based (Random123 Philox2x64-10): draw n of LP `id` under global seed `s` is
// Philox_{key=s}(counter = {id, n}). The stream depends only on (seed, LP id, n), never on the
// rank count or on the engine, and the only state is the draw counter n, which the kernel keeps
// with the LP's saved state so that a rollback rewinds it exactly.
//
// Models get an Rng from Context::rng(); they never construct one.
//
//   double d = ctx.rng().exponential(mean);
//   std::uint64_t dest = ctx.rng().uniform_int(num_lps);
#pragma once

#include <cstdint>

#include "pdes/lp_id.hpp"

namespace pdes {

class Rng {
 public:
  /// `counter` is the LP's draw counter; the Rng advances it by one per 64-bit draw.
  Rng(std::uint64_t seed, LpId lp, std::uint64_t& counter)
      : seed_(seed), lp_(lp.value()), counter_(&counter) {}

  /// The next 64 uniformly distributed bits.
  std::uint64_t next_u64();

  /// Uniform double in [0, 1), with 53 random bits.
  double uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  /// Uniform integer in [0, n); unbiased (Lemire's multiply-and-reject). Requires n > 0.
  std::uint64_t uniform_int(std::uint64_t n);

  /// Exponentially distributed value with the given mean (> 0).
  double exponential(double mean);

  /// true with probability p.
  bool bernoulli(double p) { return uniform() < p; }

  /// Number of 64-bit draws made so far on this stream.
  std::uint64_t draws() const { return *counter_; }

 private:
  std::uint64_t seed_;
  std::uint64_t lp_;
  std::uint64_t* counter_;
};

}  // namespace pdes
