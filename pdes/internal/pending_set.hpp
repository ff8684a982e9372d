// SPDX-License-Identifier: Apache-2.0
//
// PendingSet: the optimistic engine's unprocessed events on one rank, smallest key first.
//
// An EventQueue (4-ary heap) with lazy deletion: cancelling a pending event only marks it
// (TwStatus::cancelled); it is dropped and freed when it reaches the top. Rolled-back events
// are pushed again. Every event is in the heap at most once.
#pragma once

#include <cstddef>

#include "pdes/internal/event_queue.hpp"
#include "pdes/internal/tw_event.hpp"

namespace pdes::internal {

class PendingSet {
 public:
  explicit PendingSet(TwEventPool& pool) : pool_(pool) {}

  void push(TwEvent* event) {
    event->status = TwStatus::pending;
    queue_.push(&event->header);
  }

  /// The smallest live event, or nullptr; frees cancelled events on the way.
  TwEvent* top() {
    while (!queue_.empty()) {
      TwEvent* event = tw_event_of(queue_.top().event);
      if (event->status != TwStatus::cancelled) return event;
      queue_.pop();
      pool_.release(event);
    }
    return nullptr;
  }
  /// Removes the event top() returned.
  void pop() { queue_.pop(); }
  /// Starts loading the block of the event now at the top (usually the next to run), so that
  /// its cache miss overlaps the current event's work.
  void prefetch_top() const {
    if (queue_.empty()) return;
    prefetch(queue_.top().event, 2 * TwEventPool::kLine);
  }

  /// The event at the top, even a cancelled one (for prefetching only), or nullptr.
  const TwEvent* peek() const { return queue_.empty() ? nullptr : tw_event_of(queue_.top().event); }

  /// Heap entries, cancelled ones included.
  std::size_t entries() const { return queue_.size(); }

 private:
  EventQueue queue_;
  TwEventPool& pool_;
};

}  // namespace pdes::internal
