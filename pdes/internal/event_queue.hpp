// SPDX-License-Identifier: Apache-2.0
//
// EventQueue: the pending-event set of the sequential engine, a 4-ary min-heap on the total
// event order. Each entry holds the whole key (time, sender, sequence) beside the event
// pointer (32 bytes), so comparisons never touch the events: models whose events share their
// times (a network model acts on cycle boundaries) compare (sender, sequence) on most sift
// steps, and looking them up through the pointers cost a cache miss each (a third of a network
// run's time in perf).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

class EventQueue {
 public:
  struct Entry {
    EventKey key;
    EventHeader* event;
    SimTime time() const { return key.time; }
  };

  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  const Entry& top() const { return heap_.front(); }
  /// Receive time of the next event (the queue must not be empty).
  SimTime top_time() const { return heap_.front().key.time; }

  /// peek() sees only the next event.
  static constexpr bool kKnowsNextEvents = false;

  /// The event pop() returns after `ahead` more pops, if cheaply known (only the next one
  /// here), else nullptr: only for prefetching.
  const EventHeader* peek(std::size_t ahead) const {
    return ahead == 0 && !heap_.empty() ? heap_.front().event : nullptr;
  }

  void push(EventHeader* event) { push(event, event->key); }
  /// The same, with the event's key passed by the caller (see BucketQueue::push).
  void push(EventHeader* event, const EventKey& key) {
    heap_.push_back({key, event});
    sift_up(heap_.size() - 1);
  }

  EventHeader* pop() {
    EventHeader* result = heap_.front().event;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) sift_down(last);
    return result;
  }

 private:
  static constexpr std::size_t kArity = 4;

  static bool before(const Entry& a, const Entry& b) {
    if (a.key.time != b.key.time) return a.key.time < b.key.time;
    if (a.key.sender != b.key.sender) return a.key.sender < b.key.sender;
    return a.key.sequence < b.key.sequence;
  }

  void sift_up(std::size_t i) {
    const Entry moving = heap_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / kArity;
      if (!before(moving, heap_[parent])) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = moving;
  }

  // Places `moving` starting from the root (the root slot is free).
  void sift_down(const Entry& moving) {
    const std::size_t n = heap_.size();
    std::size_t i = 0;
    for (;;) {
      const std::size_t first = i * kArity + 1;
      if (first >= n) break;
      std::size_t best = first;
      const std::size_t last = first + kArity < n ? first + kArity : n;
      for (std::size_t c = first + 1; c < last; ++c) {
        if (before(heap_[c], heap_[best])) best = c;
      }
      if (!before(heap_[best], moving)) break;
      heap_[i] = heap_[best];
      i = best;
    }
    heap_[i] = moving;
  }

  std::vector<Entry> heap_;
};

}  // namespace pdes::internal
