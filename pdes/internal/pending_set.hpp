// SPDX-License-Identifier: Apache-2.0
//
// PendingSet: the optimistic engine's unprocessed events on one rank, smallest key first.
//
// An EventQueue (4-ary heap), a BucketQueue (time buckets) or a LadderQueue (buckets of an
// adaptive time range), chosen by kernel.pending_set like the sequential engine's, with lazy
// deletion: cancelling a pending event only marks it (TwStatus::cancelled); it is dropped and freed when
// it reaches the top. Rolled-back events are pushed again. Every event is in the set at most
// once. Events may arrive below the next one at any time (stragglers, rollbacks): the bucket
// sets insert them in order.
#pragma once

#include <cstddef>

#include "pdes/internal/bucket_queue.hpp"
#include "pdes/internal/ladder_queue.hpp"
#include "pdes/internal/event_queue.hpp"
#include "pdes/internal/tw_event.hpp"
#include "pdes/kernel_config.hpp"

namespace pdes::internal {

class PendingSet {
 public:
  PendingSet(TwEventPool& pool, pdes::PendingSet kind) : pool_(pool), kind_(kind) {}

  void push(TwEvent* event) { push(event, event->header.key); }
  /// The same, with the event's key passed by the caller (a copy that is not in the block):
  /// a block just written may not have its stores in the cache yet, and the set's entry copies
  /// the key (see BucketQueue::push).
  void push(TwEvent* event, const EventKey& key) {
    event->status = TwStatus::pending;
    switch (kind_) {
      case pdes::PendingSet::heap: heap_.push(&event->header, key); break;
      case pdes::PendingSet::buckets: buckets_.push(&event->header, key); break;
      case pdes::PendingSet::calendar: calendar_.push(&event->header, key); break;
    }
  }

  /// The smallest live event, or nullptr; frees cancelled events on the way.
  TwEvent* top() {
    while (!empty()) {
      TwEvent* event = tw_event_of(top_header());
      if (event->status != TwStatus::cancelled) return event;
      pop();
      pool_.release(event);
    }
    return nullptr;
  }
  /// Removes the event top() returned.
  void pop() {
    switch (kind_) {
      case pdes::PendingSet::heap: heap_.pop(); break;
      // These request the block of an event a few pops ahead.
      case pdes::PendingSet::buckets: buckets_.pop(); break;
      case pdes::PendingSet::calendar: calendar_.pop(); break;
    }
  }
  /// Starts loading the block of the event now at the top (usually the next to run), so that
  /// its cache miss overlaps the current event's work. The other sets' pop requested it already.
  void prefetch_top() const {
    if (kind_ != pdes::PendingSet::heap || heap_.empty()) return;
    prefetch(heap_.top().event, 2 * TwEventPool::kLine);
  }

  /// Whether peek() sees past the next event (buckets, calendar), which the prefetch pipeline
  /// needs.
  bool knows_next_events() const { return kind_ != pdes::PendingSet::heap; }
  /// The event that runs after `ahead` more pops, if cheaply known (with the heap only the
  /// next one), even a cancelled one: for prefetching only.
  const TwEvent* peek(std::size_t ahead = 0) const {
    const EventHeader* header = nullptr;
    switch (kind_) {
      case pdes::PendingSet::heap: header = heap_.peek(ahead); break;
      case pdes::PendingSet::buckets: header = buckets_.peek(ahead); break;
      case pdes::PendingSet::calendar: header = calendar_.peek(ahead); break;
    }
    return header == nullptr ? nullptr : tw_event_of(header);
  }

  /// Entries, cancelled ones included.
  std::size_t entries() const {
    switch (kind_) {
      case pdes::PendingSet::heap: return heap_.size();
      case pdes::PendingSet::buckets: return buckets_.size();
      case pdes::PendingSet::calendar: return calendar_.size();
    }
    return 0;
  }

 private:
  bool empty() const { return entries() == 0; }
  EventHeader* top_header() {
    switch (kind_) {
      case pdes::PendingSet::heap: return heap_.top().event;
      case pdes::PendingSet::buckets: return buckets_.top();
      case pdes::PendingSet::calendar: return calendar_.top();
    }
    return nullptr;
  }

  TwEventPool& pool_;
  pdes::PendingSet kind_;
  EventQueue heap_;
  BucketQueue buckets_;
  LadderQueue calendar_;
};

}  // namespace pdes::internal
