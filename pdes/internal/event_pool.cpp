// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/event_pool.hpp"

namespace pdes::internal {

namespace {
constexpr std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }
}  // namespace

static_assert(sizeof(EventHeader) % kPayloadAlignment == 0,
              "payload bytes must start aligned right after the header");

EventPool::EventPool(std::size_t max_payload_size, std::size_t blocks_per_chunk)
    : block_size_(round_up(sizeof(EventHeader) + max_payload_size, kCacheLineBytes)),
      blocks_per_chunk_(blocks_per_chunk) {}

void EventPool::grow() {
  // Blocks are whole cache lines and start on one, so that an event occupies as few lines as
  // its size allows (a 112-byte event in a 112-byte block straddles three lines half the time).
  Chunk chunk(static_cast<std::byte*>(
      ::operator new(block_size_ * blocks_per_chunk_, std::align_val_t{kCacheLineBytes})));
  free_.reserve(free_.size() + blocks_per_chunk_);
  // Pushed last to first, so that the chunk is handed out in address order.
  for (std::size_t i = blocks_per_chunk_; i-- > 0;) {
    free_.push_back(reinterpret_cast<EventHeader*>(chunk.get() + i * block_size_));
  }
  chunks_.push_back(std::move(chunk));
}

}  // namespace pdes::internal
