// SPDX-License-Identifier: Apache-2.0
//
// PendingSet: the optimistic engine's unprocessed events on one rank, smallest key first.
//
// An EventQueue (4-ary heap) or a BucketQueue (time buckets, or calendar buckets of a time
// range), chosen by kernel.pending_set like the sequential engine's, with lazy deletion:
// cancelling a pending event only marks it (TwStatus::cancelled); it is dropped and freed when
// it reaches the top. Rolled-back events are pushed again. Every event is in the set at most
// once. Events may arrive below the next one at any time (stragglers, rollbacks): BucketQueue
// inserts them in order.
#pragma once

#include <cstddef>

#include "pdes/internal/bucket_queue.hpp"
#include "pdes/internal/event_queue.hpp"
#include "pdes/internal/tw_event.hpp"
#include "pdes/kernel_config.hpp"

namespace pdes::internal {

class PendingSet {
 public:
  PendingSet(TwEventPool& pool, pdes::PendingSet kind)
      : pool_(pool),
        buckets_(kind == pdes::PendingSet::calendar ? BucketQueue::Width::adaptive
                                                     : BucketQueue::Width::exact),
        use_buckets_(kind != pdes::PendingSet::heap) {}

  void push(TwEvent* event) {
    event->status = TwStatus::pending;
    if (use_buckets_) {
      buckets_.push(&event->header, event->header.key);
    } else {
      heap_.push(&event->header);
    }
  }

  /// The smallest live event, or nullptr; frees cancelled events on the way.
  TwEvent* top() {
    while (!empty()) {
      TwEvent* event = tw_event_of(use_buckets_ ? buckets_.top() : heap_.top().event);
      if (event->status != TwStatus::cancelled) return event;
      pop();
      pool_.release(event);
    }
    return nullptr;
  }
  /// Removes the event top() returned.
  void pop() {
    if (use_buckets_) {
      buckets_.pop();  // requests the block of an event a few pops ahead
    } else {
      heap_.pop();
    }
  }
  /// Starts loading the block of the event now at the top (usually the next to run), so that
  /// its cache miss overlaps the current event's work. BucketQueue::pop requested it already.
  void prefetch_top() const {
    if (use_buckets_ || heap_.empty()) return;
    prefetch(heap_.top().event, 2 * TwEventPool::kLine);
  }

  /// Whether peek() sees past the next event (buckets), which the prefetch pipeline needs.
  bool knows_next_events() const { return use_buckets_; }
  /// The event that runs after `ahead` more pops, if cheaply known (with the heap only the
  /// next one), even a cancelled one: for prefetching only.
  const TwEvent* peek(std::size_t ahead = 0) const {
    const EventHeader* header = use_buckets_ ? buckets_.peek(ahead) : heap_.peek(ahead);
    return header == nullptr ? nullptr : tw_event_of(header);
  }

  /// Entries, cancelled ones included.
  std::size_t entries() const { return use_buckets_ ? buckets_.size() : heap_.size(); }

 private:
  bool empty() const { return use_buckets_ ? buckets_.empty() : heap_.empty(); }

  TwEventPool& pool_;
  EventQueue heap_;
  BucketQueue buckets_;
  bool use_buckets_;
};

}  // namespace pdes::internal
