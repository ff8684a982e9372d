// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/event_pool.hpp"

namespace pdes::internal {

namespace {
constexpr std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }
}  // namespace

static_assert(sizeof(EventHeader) % kPayloadAlignment == 0,
              "payload bytes must start aligned right after the header");

EventPool::EventPool(std::size_t max_payload_size, std::size_t blocks_per_chunk)
    : block_size_(round_up(sizeof(EventHeader) + max_payload_size, kPayloadAlignment)),
      blocks_per_chunk_(blocks_per_chunk) {}

void EventPool::grow() {
  // operator new[] for std::byte aligns to __STDCPP_DEFAULT_NEW_ALIGNMENT__ (16 on x86-64),
  // which is kPayloadAlignment.
  auto chunk = std::make_unique<std::byte[]>(block_size_ * blocks_per_chunk_);
  for (std::size_t i = blocks_per_chunk_; i-- > 0;) {
    auto* block = reinterpret_cast<FreeBlock*>(chunk.get() + i * block_size_);
    block->next = free_;
    free_ = block;
  }
  chunks_.push_back(std::move(chunk));
}

}  // namespace pdes::internal
