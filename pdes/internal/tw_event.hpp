// SPDX-License-Identifier: Apache-2.0
//
// TwEvent: an event as the optimistic engine holds it — the EventHeader that crosses ranks,
// the engine's bookkeeping, then the payload bytes, in one block of an EventPool.
//
// Life of an event on the rank that owns its destination LP:
//   pending    in the rank's pending heap (or parked behind a failed event of its LP);
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

#include "pdes/internal/event.hpp"
#include "pdes/internal/event_pool.hpp"

namespace pdes::internal {

enum class TwStatus : std::uint8_t { pending, processed, cancelled, parked };

struct TwEvent {
  EventHeader header;
  /// Entries this event's execution appended to its LP's sent log and record log.
  std::uint32_t sent_count = 0;
  std::uint32_t record_count = 0;
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
};

static_assert(sizeof(TwEvent) % kPayloadAlignment == 0,
              "payload bytes must start aligned right after the TwEvent");

/// An EventPool sized for TwEvents: EventPool places `max_payload_size` bytes after an
/// EventHeader, so asking for the bookkeeping's extra bytes gives blocks that fit a TwEvent.
class TwEventPool {
 public:
  explicit TwEventPool(std::size_t max_payload_size)
      : pool_(max_payload_size + sizeof(TwEvent) - sizeof(EventHeader)) {}

  /// A fresh event; the caller fills in the header and the payload.
  TwEvent* allocate() { return new (pool_.allocate()) TwEvent; }
  void release(TwEvent* event) { pool_.release(&event->header); }

  std::size_t block_size() const { return pool_.block_size(); }
  std::size_t live_events() const { return pool_.live_events(); }
  std::size_t live_bytes() const { return pool_.live_events() * pool_.block_size(); }

 private:
  EventPool pool_;
};

/// Recovers the TwEvent from the header pointer stored in an EventQueue.
inline TwEvent* tw_event_of(EventHeader* header) { return reinterpret_cast<TwEvent*>(header); }

}  // namespace pdes::internal
