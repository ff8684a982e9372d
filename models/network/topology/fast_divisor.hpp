// SPDX-License-Identifier: Apache-2.0
//
// FastDivisor: quotient and remainder of 32-bit values by a divisor fixed at construction, by
// multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
//
// A topology turns router and node ids into coordinates on every routing decision and every
// delivery; a hardware 64-bit division takes 10-40 cycles and four of them per dimension made
// Mesh::first_minimal_port 4 % of an 8x8 mesh run (docs/performance.md, session 10). With
// M = ceil(2^64 / d), the high 64 bits of M * a are a / d, and those of (M * a mod 2^64) * d
// are a % d, exactly for every 32-bit a and d >= 1 (d == 1 is handled apart: M would be 2^64).
//
//   const FastDivisor by_k(k);
//   std::uint32_t x = by_k.remainder(id), y = by_k.quotient(id);
#pragma once

#include <cstdint>

namespace net {

class FastDivisor {
 public:
  /// Requires d >= 1.
  explicit FastDivisor(std::uint32_t d = 1)
      : d_(d), m_(d == 1 ? 0 : ~std::uint64_t{0} / d + 1) {}

  std::uint32_t divisor() const { return d_; }
  std::uint32_t quotient(std::uint32_t a) const {
    return d_ == 1 ? a : static_cast<std::uint32_t>(high(m_, a));
  }
  std::uint32_t remainder(std::uint32_t a) const {
    return static_cast<std::uint32_t>(high(m_ * a, d_));  // m_ = 0 for d == 1: always 0
  }

  bool operator==(const FastDivisor&) const = default;

 private:
  __extension__ typedef unsigned __int128 Wide;  // -Wpedantic: a GCC/Clang extension

  static std::uint64_t high(std::uint64_t x, std::uint64_t y) {
    return static_cast<std::uint64_t>((static_cast<Wide>(x) * y) >> 64);
  }

  std::uint32_t d_;
  std::uint64_t m_;
};

}  // namespace net
