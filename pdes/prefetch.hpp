// SPDX-License-Identifier: Apache-2.0
//
// Cache prefetch hints for the kernel's engines and for LogicalProcess::prefetch hooks.
//
// Each asks the CPU to start loading every cache line that the byte range [address, address +
// bytes) touches, so that a later access finds it in the cache. Hints only: they change no
// result, and a range in memory the program may read is always safe to name.
#pragma once

#include <cstddef>
#include <cstdint>

namespace pdes {

inline constexpr std::size_t kCacheLineBytes = 64;

namespace internal {
template <int kForWrite>
inline void prefetch_lines(const void* address, std::size_t bytes) {
  const auto begin = reinterpret_cast<std::uintptr_t>(address);
  for (std::uintptr_t line = begin & ~std::uintptr_t{kCacheLineBytes - 1}; line < begin + bytes;
       line += kCacheLineBytes) {
    __builtin_prefetch(reinterpret_cast<const void*>(line), kForWrite);
  }
}
}  // namespace internal

/// Requests the lines of a range that will be read.
inline void prefetch(const void* address, std::size_t bytes) {
  internal::prefetch_lines<0>(address, bytes);
}

/// Requests the lines of a range that will be written (fetched for ownership).
inline void prefetch_for_write(const void* address, std::size_t bytes) {
  internal::prefetch_lines<1>(address, bytes);
}

}  // namespace pdes
