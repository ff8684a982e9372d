// SPDX-License-Identifier: Apache-2.0
//
// EventPool: fixed-size blocks for events (EventHeader + the largest payload), recycled through
// a free list so that the steady state allocates nothing.
//
// The free list is a stack of pointers beside the blocks, not a chain through them: allocating
// then reads no block, so taking a block that has gone cold costs a write (which the CPU
// buffers) rather than a load that stalls. In a large model the pending events are far beyond
// the caches and a chained list missed on about every other allocation (docs/performance.md).
// Last in, first out: the block released by the event just executed is reused first.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

class EventPool {
 public:
  explicit EventPool(std::size_t max_payload_size, std::size_t blocks_per_chunk = 4096);

  EventHeader* allocate() {
    if (free_.empty()) grow();
    EventHeader* event = free_.back();
    free_.pop_back();
    // The block after it is likely the next one written: start fetching it for writing. Blocks
    // are whole lines and start on one, so no alignment is worked out (pdes::prefetch_for_write).
    if (!free_.empty()) {
      const char* next = reinterpret_cast<const char*>(free_.back());
      for (std::size_t offset = 0; offset < block_size_; offset += kCacheLineBytes) {
        __builtin_prefetch(next + offset, 1);
      }
    }
    return event;
  }
  void release(EventHeader* event) { free_.push_back(event); }

  static void* payload(EventHeader* event) { return event + 1; }
  static const void* payload(const EventHeader* event) { return event + 1; }

  std::size_t block_size() const { return block_size_; }
  std::size_t live_events() const { return chunks_.size() * blocks_per_chunk_ - free_.size(); }
  std::size_t reserved_bytes() const { return chunks_.size() * blocks_per_chunk_ * block_size_; }

 private:
  void grow();

  std::size_t block_size_;
  std::size_t blocks_per_chunk_;
  struct AlignedDelete {
    void operator()(std::byte* p) const {
      ::operator delete(p, std::align_val_t{kCacheLineBytes});
    }
  };
  using Chunk = std::unique_ptr<std::byte, AlignedDelete>;
  std::vector<Chunk> chunks_;
  std::vector<EventHeader*> free_;  // a stack: the last released is the first reused
};

}  // namespace pdes::internal
