// SPDX-License-Identifier: Apache-2.0
//
// EventPool: fixed-size blocks for events (EventHeader + the largest payload), recycled through
// a free list so that the steady state allocates nothing.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

class EventPool {
 public:
  explicit EventPool(std::size_t max_payload_size, std::size_t blocks_per_chunk = 4096);

  EventHeader* allocate() {
    if (free_ == nullptr) grow();
    FreeBlock* block = free_;
    free_ = block->next;
    ++live_;
    return reinterpret_cast<EventHeader*>(block);
  }
  void release(EventHeader* event) {
    auto* block = reinterpret_cast<FreeBlock*>(event);
    block->next = free_;
    free_ = block;
    --live_;
  }

  static void* payload(EventHeader* event) { return event + 1; }
  static const void* payload(const EventHeader* event) { return event + 1; }

  std::size_t block_size() const { return block_size_; }
  std::size_t live_events() const { return live_; }
  std::size_t reserved_bytes() const { return chunks_.size() * blocks_per_chunk_ * block_size_; }

 private:
  struct FreeBlock {
    FreeBlock* next;
  };
  void grow();

  std::size_t block_size_;
  std::size_t blocks_per_chunk_;
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  FreeBlock* free_ = nullptr;
  std::size_t live_ = 0;
};

}  // namespace pdes::internal
