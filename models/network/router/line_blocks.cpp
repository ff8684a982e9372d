// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/line_blocks.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <vector>

namespace net {

namespace {

constexpr std::align_val_t kAlign{LineBlocks::kLine};

/// A free block: its first bytes link it to the next free block of its line count.
struct FreeBlock {
  FreeBlock* next;
};

/// Free lists by line count and the unused rest of the current region.
struct Lists {
  std::array<FreeBlock*, LineBlocks::kMaxLines + 1> free{};
  std::byte* cursor = nullptr;
  std::byte* end = nullptr;

  void push(void* block, std::size_t lines) {
    auto* b = static_cast<FreeBlock*>(block);
    b->next = free[lines];
    free[lines] = b;
  }
  /// Gives the rest of the region to the free lists, as blocks of at most kMaxLines lines.
  void retire_rest(Lists& to) {
    while (cursor != end) {
      const std::size_t lines =
          std::min(static_cast<std::size_t>(end - cursor) / LineBlocks::kLine,
                   LineBlocks::kMaxLines);
      to.push(cursor, lines);
      cursor += lines * LineBlocks::kLine;
    }
    cursor = end = nullptr;
  }
};

std::mutex shared_mutex;
Lists shared_spares;                // lists of threads that have ended (guarded)
std::vector<void*>* regions = nullptr;  // every region, kept reachable (guarded)
std::atomic<std::size_t> carved{0};

/// A thread's lists; at the thread's end they join the shared spares.
struct ThreadLists : Lists {
  ~ThreadLists() {
    const std::lock_guard lock(shared_mutex);
    retire_rest(shared_spares);
    for (std::size_t n = 1; n <= LineBlocks::kMaxLines; ++n) {
      while (FreeBlock* b = free[n]) {
        free[n] = b->next;
        shared_spares.push(b, n);
      }
    }
  }
};

thread_local ThreadLists lists;

void* from_spares_or_new_region(Lists& own, std::size_t lines) {
  const std::lock_guard lock(shared_mutex);
  if (FreeBlock* b = shared_spares.free[lines]) {
    shared_spares.free[lines] = b->next;
    return b;
  }
  own.retire_rest(own);
  auto* region = static_cast<std::byte*>(::operator new(LineBlocks::kRegionBytes, kAlign));
  if (regions == nullptr) regions = new std::vector<void*>();
  regions->push_back(region);
  carved.fetch_add(LineBlocks::kRegionBytes, std::memory_order_relaxed);
  own.cursor = region + lines * LineBlocks::kLine;
  own.end = region + LineBlocks::kRegionBytes;
  return region;
}

}  // namespace

void* LineBlocks::allocate(std::size_t bytes) {
  const std::size_t lines = bytes == 0 ? 1 : (bytes + kLine - 1) / kLine;
  if (lines > kMaxLines) return ::operator new(lines * kLine, kAlign);
  Lists& own = lists;
  if (FreeBlock* b = own.free[lines]) {
    own.free[lines] = b->next;
    return b;
  }
  if (static_cast<std::size_t>(own.end - own.cursor) >= lines * kLine) {
    void* block = own.cursor;
    own.cursor += lines * kLine;
    return block;
  }
  return from_spares_or_new_region(own, lines);
}

void LineBlocks::deallocate(void* block, std::size_t bytes) noexcept {
  if (block == nullptr) return;
  const std::size_t lines = bytes == 0 ? 1 : (bytes + kLine - 1) / kLine;
  if (lines > kMaxLines) {
    ::operator delete(block, kAlign);
    return;
  }
  lists.push(block, lines);
}

std::size_t LineBlocks::region_bytes() { return carved.load(std::memory_order_relaxed); }

}  // namespace net
