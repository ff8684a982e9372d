// SPDX-License-Identifier: Apache-2.0
//
// BucketQueue: a pending-event set for models whose events share a few receive times (a network
// model acts on cycle boundaries), with EventQueue's interface and the same total order.
//
// Events are kept in one bucket per distinct receive time, unsorted while the bucket fills; a
// min-heap holds the distinct times. A bucket is sorted by (sender, sequence) once, when its
// time becomes the earliest: since every send has a delay of at least one tick
// (pdes/context.hpp), no event can join the bucket of the time being executed, so the sort sees
// the whole bucket. Per event this costs one hash lookup and an amortised share of a small sort,
// instead of a heap sift through many equal times (docs/performance.md). With all times
// distinct it degrades to a heap of one-event buckets: EventQueue is the better choice there,
// which is why the kernel picks by kernel.pending_set.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

#include "pdes/error.hpp"
#include "pdes/internal/event.hpp"

namespace pdes::internal {

class BucketQueue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  /// Receive time of the next event (the queue must not be empty).
  SimTime top_time() const { return times_.front().time; }

  void push(EventHeader* event) {
    const SimTime time = event->key.time;
    Bucket& b = buckets_[bucket_of(time)];
    PDES_CHECK(!b.sorted, "an event joined the bucket of the time being executed");
    b.entries.push_back({event->key, event});
    ++size_;
  }

  EventHeader* pop() {
    const TimeEntry top = times_.front();
    Bucket& b = buckets_[top.bucket];
    if (!b.sorted) {
      std::sort(b.entries.begin(), b.entries.end(),
                [](const Entry& x, const Entry& y) { return x.key < y.key; });
      b.sorted = true;
    }
    EventHeader* event = b.entries[b.front++].event;
    --size_;
    if (b.front == b.entries.size()) {
      std::pop_heap(times_.begin(), times_.end(), later);
      times_.pop_back();
      by_time_.erase(top.time.ticks());
      // A freed bucket keeps its capacity for the next time, unless it is large: a big network
      // has many pending times, and reusing cycle-boundary-sized vectors for all of them would
      // double its memory.
      if (b.entries.capacity() > kKeptCapacity) {
        std::vector<Entry>().swap(b.entries);
      } else {
        b.entries.clear();
      }
      b.front = 0;
      b.sorted = false;
      free_.push_back(top.bucket);
    }
    return event;
  }

 private:
  struct Entry {
    EventKey key;
    EventHeader* event;
  };
  struct Bucket {
    std::vector<Entry> entries;
    std::size_t front = 0;  ///< entries before it were popped (sorted buckets only)
    bool sorted = false;    ///< its time is the earliest, and it is being drained
  };
  struct TimeEntry {
    SimTime time;
    std::uint32_t bucket;
  };

  static bool later(const TimeEntry& a, const TimeEntry& b) { return a.time > b.time; }

  /// The bucket of `time`, created if needed. A few distinct times (the case this queue is
  /// for) are found by scanning the heap's array, which beats hashing; many through the map.
  std::uint32_t bucket_of(SimTime time) {
    if (times_.size() <= kScanLimit) {
      for (const TimeEntry& t : times_) {
        if (t.time == time) return t.bucket;
      }
    } else if (const auto it = by_time_.find(time.ticks()); it != by_time_.end()) {
      return it->second;
    }
    const std::uint32_t id = new_bucket();
    by_time_.emplace(time.ticks(), id);
    times_.push_back({time, id});
    std::push_heap(times_.begin(), times_.end(), later);
    return id;
  }

  static constexpr std::size_t kScanLimit = 32;
  static constexpr std::size_t kKeptCapacity = 256;  // entries

  std::uint32_t new_bucket() {
    if (!free_.empty()) {
      const std::uint32_t id = free_.back();
      free_.pop_back();
      return id;
    }
    buckets_.emplace_back();
    return static_cast<std::uint32_t>(buckets_.size() - 1);
  }

  std::vector<Bucket> buckets_;      // reused: a freed bucket keeps its vector's capacity
  std::vector<std::uint32_t> free_;  // ids of empty buckets
  std::vector<TimeEntry> times_;     // min-heap of the distinct pending times
  std::unordered_map<std::int64_t, std::uint32_t> by_time_;
  std::size_t size_ = 0;
};

}  // namespace pdes::internal
