// SPDX-License-Identifier: Apache-2.0
//
// LineBlocks: line-aligned blocks of whole cache lines for the router's state (the block of
// VC, port and total arrays, the slot pool) and the router LP object.
//
// Why not the C library's aligned allocation: an aligned request of n bytes asks malloc for
// n + alignment + a minimum chunk and gives the cut-off head and tail back to the free lists,
// so every block leaves a fragment of up to 80 bytes behind it besides its 16-byte header, and
// a block freed when the slot pool grows cannot serve the next aligned request of its own size
// (it lacks the alignment slack). With a million routers those fragments and freed pools were
// about a fifth of the heap (docs/performance.md, "Session 18").
//
// Here blocks of 1 to kMaxLines lines are carved one after the other from 2 MiB regions, with
// no header and no padding, and a freed block goes to a free list of its line count, which the
// next request of that many lines takes (last freed first: the block is likely still cached).
// Larger blocks come from the aligned operator new. Regions are never returned to the system;
// their blocks are reused by later requests of the process (another simulation included).
//
// Each thread keeps its own free lists and region cursor, so allocating takes no lock; a block
// may be freed on any thread (it joins that thread's lists). When a thread ends, its lists and
// the rest of its region go to a shared spare set, which threads draw on before carving new
// regions (a sweep runs one simulation per thread).
#pragma once

#include <cstddef>
#include <new>

namespace net {

class LineBlocks {
 public:
  static constexpr std::size_t kLine = 64;
  /// Blocks up to this many lines (4 KiB) come from the regions; larger ones from operator new.
  static constexpr std::size_t kMaxLines = 64;
  /// Bytes of one region.
  static constexpr std::size_t kRegionBytes = std::size_t{2} << 20;

  /// A line-aligned block of at least `bytes` bytes (bytes > 0), uninitialised.
  static void* allocate(std::size_t bytes);
  /// Frees a block from allocate(bytes), with the same `bytes`.
  static void deallocate(void* block, std::size_t bytes) noexcept;
  /// Bytes a request of `bytes` takes: whole lines.
  static constexpr std::size_t rounded(std::size_t bytes) {
    return (bytes + kLine - 1) / kLine * kLine;
  }
  /// Bytes of regions carved so far, by all threads (for tests and measurements).
  static std::size_t region_bytes();
};

/// A standard allocator over LineBlocks, for vectors of line-aligned elements.
template <class T>
struct LineAllocator {
  using value_type = T;
  LineAllocator() = default;
  template <class U>
  LineAllocator(const LineAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(LineBlocks::allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { LineBlocks::deallocate(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const LineAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace net
