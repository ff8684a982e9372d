// SPDX-License-Identifier: Apache-2.0
//
// packet_hash: a well-mixed 64-bit hash of a packet's identity and a router, for routing
// choices that must look random but be repeatable: route() runs again on every allocation pass
// and after every rollback, and must then give the same answer, so it cannot draw from an RNG.
// SplitMix64's finaliser (Steele, Lea & Flood, OOPSLA 2014) over the packed fields.
#pragma once

#include <cstdint>

namespace net {

inline std::uint64_t packet_hash(std::uint32_t src, std::uint32_t seq, std::uint64_t router,
                                 std::uint64_t salt = 0) {
  std::uint64_t z = (std::uint64_t{src} << 32 | seq) ^ (router * 0x9E3779B97F4A7C15ULL) ^ salt;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace net
