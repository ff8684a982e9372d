// SPDX-License-Identifier: Apache-2.0
//
// TwEvent: an event as the optimistic engine holds it, in one block of an EventPool:
//
//   [EventHeader | bookkeeping | payload | inline state snapshot (optional)]
//
// The EventHeader is what crosses ranks. The bookkeeping links the event into its LP's
// history (`next`) and lists the local events its execution sent (`first_child`, then each
// child's `next_sibling`), so that rollback and commit work on memory the engine touches
// anyway instead of on separate per-LP arrays. When the LP's state is small and trivially
// copyable, the copy taken before the event ran is stored in the block too (TwEventLayout).
//
// Life of an event on the rank that owns its destination LP:
//   pending    in the rank's pending heap;
//   parked     held back behind an event of its LP whose handler threw (see LpFailure);
//   processed  executed, in its LP's history; may still be rolled back (back to pending) or
//              cancelled by an anti-message;
//   cancelled  annihilated while pending: it stays in the heap until it reaches the top, where
//              it is dropped (lazy deletion keeps cancellation O(1));
//   committed  GVT has passed it: on_commit has run, its records went to the sink, and it is
//              freed (or kept briefly as the start of a coast-forward, see OptimisticLp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "pdes/internal/event.hpp"
#include "pdes/prefetch.hpp"

namespace pdes::internal {

enum class TwStatus : std::uint8_t { pending, processed, cancelled, parked };

struct TwEvent {
  EventHeader header;
  TwEvent* next = nullptr;         ///< the next newer event in its LP's history
  TwEvent* first_child = nullptr;  ///< local events sent by this event's execution...
  union {
    TwEvent* next_sibling = nullptr;  ///< ...linked through the children (local events)
    std::size_t index_slot;           ///< an event from another rank: its RemoteEventIndex slot
  };
  std::uint16_t remote_sent = 0;   ///< entries this execution added to its LP's remote log
  std::uint16_t record_count = 0;  ///< records this execution emitted
  TwStatus status = TwStatus::pending;
  /// Received from another rank: listed in the remote index until committed or cancelled.
  bool remote_origin = false;
  /// The LP's state was saved just before this event ran.
  bool snapshot_before = false;
  /// Committed, but kept in the history as the start of a coast-forward.
  bool committed = false;

  const EventKey& key() const { return header.key; }
  void* payload() { return reinterpret_cast<std::byte*>(this) + sizeof(TwEvent); }
  const void* payload() const { return reinterpret_cast<const std::byte*>(this) + sizeof(TwEvent); }
  void* at(std::size_t offset) { return reinterpret_cast<std::byte*>(this) + offset; }
};

static_assert(sizeof(TwEvent) % kPayloadAlignment == 0,
              "payload bytes must start aligned right after the TwEvent");

/// Where the parts of a block lie, the same for every event of a run.
struct TwEventLayout {
  std::size_t max_payload = 0;
  std::size_t snapshot_offset = 0;  ///< of the inline state snapshot (0: no inline snapshots)
  std::size_t snapshot_bytes = 0;   ///< room for the largest inline snapshot

  static TwEventLayout make(std::size_t max_payload, std::size_t max_inline_snapshot) {
    auto round_up = [](std::size_t n) {
      return (n + kPayloadAlignment - 1) / kPayloadAlignment * kPayloadAlignment;
    };
    TwEventLayout layout;
    layout.max_payload = max_payload;
    if (max_inline_snapshot > 0) {
      layout.snapshot_offset = round_up(sizeof(TwEvent) + max_payload);
      layout.snapshot_bytes = max_inline_snapshot;
    }
    return layout;
  }
  /// Bytes after the EventHeader.
  std::size_t extra_bytes() const {
    const std::size_t end =
        snapshot_offset != 0 ? snapshot_offset + snapshot_bytes : sizeof(TwEvent) + max_payload;
    return end - sizeof(EventHeader);
  }
};

/// Fixed-size blocks for TwEvents, recycled through a free list. Blocks are whole cache lines
/// (64-byte aligned, a multiple of 64 bytes), so an event with its inline snapshot spans as few
/// lines as possible and a prefetch of a block's lines fetches exactly the event.
///
/// The free list is a stack of pointers beside the blocks, as in the sequential engine's
/// EventPool, not a chain through them: fossil collection frees thousands of blocks at a time,
/// and by the time they are reused most have left the caches, so a chained list stalled on a
/// load of every block it handed out (12 % of a rank's time on a 32x32 torus, perf, session 9).
/// Taking a block from the stack reads no block; the next one is prefetched for writing.
class TwEventPool {
 public:
  static constexpr std::size_t kLine = 64;
  /// How many allocations ahead a block is requested.
  static constexpr std::size_t kAllocAhead = 4;

  explicit TwEventPool(const TwEventLayout& layout, std::size_t blocks_per_chunk = 4096)
      : block_size_((sizeof(EventHeader) + layout.extra_bytes() + kLine - 1) / kLine * kLine),
        blocks_per_chunk_(blocks_per_chunk) {}
  TwEventPool(const TwEventPool&) = delete;
  TwEventPool& operator=(const TwEventPool&) = delete;
  ~TwEventPool() {
    for (std::byte* chunk : chunks_) ::operator delete[](chunk, std::align_val_t{kLine});
  }

  /// A fresh event; the caller fills in the header and the payload. The links and counters
  /// are set when the event is executed (OptimisticLp::begin), the status when it is queued;
  /// only the flags read before that are cleared here. (TwEvent is an aggregate, so the
  /// block's bytes hold one implicitly.)
  TwEvent* allocate() {
    if (free_.empty()) [[unlikely]] grow();
    auto* event = reinterpret_cast<TwEvent*>(free_.back());
    free_.pop_back();
    // The block this call returns was requested kAllocAhead calls ago; request the one that
    // many calls ahead now. One call ahead was too late: the first store into the block
    // stalled (41 % of send_event's samples in a one-rank speculative run, session 10).
    if (free_.size() >= kAllocAhead) {
      prefetch_for_write(free_[free_.size() - kAllocAhead], block_size_);
    }
    if (!free_.empty()) prefetch_for_write(free_.back(), 2 * kLine);
    event->remote_origin = false;
    event->committed = false;
    return event;
  }
  /// Starts loading the block the next allocate() returns.
  void prefetch_next() const {
    if (!free_.empty()) prefetch_for_write(free_.back(), 2 * kLine);
  }
  void release(TwEvent* event) { free_.push_back(reinterpret_cast<std::byte*>(event)); }

  std::size_t block_size() const { return block_size_; }
  std::size_t live_events() const { return chunks_.size() * blocks_per_chunk_ - free_.size(); }
  std::size_t live_bytes() const { return live_events() * block_size_; }

 private:
  // Out of line and cold, so that allocate() stays small enough to inline.
  [[gnu::noinline, gnu::cold]] void grow() {
    auto* chunk = static_cast<std::byte*>(
        ::operator new[](block_size_* blocks_per_chunk_, std::align_val_t{kLine}));
    chunks_.push_back(chunk);
    free_.reserve(chunks_.size() * blocks_per_chunk_);
    // Pushed last to first, so the chunk is handed out in address order.
    for (std::size_t i = blocks_per_chunk_; i-- > 0;) free_.push_back(chunk + i * block_size_);
  }

  std::size_t block_size_;
  std::size_t blocks_per_chunk_;
  std::vector<std::byte*> chunks_;
  std::vector<std::byte*> free_;  // a stack: the last released is the first reused
};

/// Recovers the TwEvent from the header pointer stored in an EventQueue.
inline TwEvent* tw_event_of(EventHeader* header) { return reinterpret_cast<TwEvent*>(header); }
inline const TwEvent* tw_event_of(const EventHeader* header) {
  return reinterpret_cast<const TwEvent*>(header);
}

}  // namespace pdes::internal
