// SPDX-License-Identifier: Apache-2.0
//
// LadderQueue: the kernel's default pending-event set (kernel.pending_set = calendar), for
// continuous times and any number of pending events, with EventQueue's interface and the same
// total order.
// After Tang, Goh and Thng's ladder queue (2005), shaped for the caches:
//
//  - the top: an unsorted array of the events beyond every rung;
//  - rungs: each a flat array of at most kMaxBuckets buckets of 2^shift ticks, indexed by
//    (time - start) >> shift (no hashing). Rung 0 spans the top's events when it is built;
//    rung k+1 spans one bucket of rung k, the one being drained, when that bucket held too many
//    events to sort (it is "spawned" into the finer rung);
//  - the bottom: a sorted array, drained from its front, of every event earlier than the
//    deepest rung's next bucket. A bucket of few enough events is sorted once and appended to
//    it before the bottom runs out, so that the next kBlocksAhead events are always known.
//
// Why (docs/performance.md, session 9): with a million pending events (PHOLD, 65,536 LPs) a
// heap walks ten levels of cold lines per pop. A single fine calendar over all pending events
// needs a hundred thousand buckets, and then every push misses twice (the bucket's header and
// its tail). Here a push goes to a coarse rung of at most 1,024 buckets, whose headers and
// tails stay in the caches; each event is moved once or twice more, in sequential passes the
// hardware prefetches; and the next events are known in order, so their blocks are fetched
// several pops ahead and the engine fetches their LPs.
//
// The width needs no tuning: a bucket too full for the bottom is spread over a finer rung.
// Events may be pushed below the bottom's front at any time (the optimistic engine's
// stragglers and rolled-back events): they wait in a small heap beside the bottom, and pop()
// takes the earlier of the two, so the order is always the total order.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

class LadderQueue {
 public:
  /// peek() sees past the next event (within the bottom).
  static constexpr bool kKnowsNextEvents = true;
  /// pop() requests the block of the event this many pops ahead (peek(kBlocksAhead) after the
  /// pop), so that the engine can read the blocks of nearer events without a miss.
  static constexpr std::size_t kBlocksAhead = 10;

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  /// Receive time of the next event (the queue must not be empty).
  SimTime top_time() { return top()->key.time; }
  /// The event pop() returns next (the queue must not be empty).
  EventHeader* top() {
    if (early_is_next()) return early_.front().event;
    if (front_ == bottom_.size()) refill();
    return bottom_[front_].event;
  }
  /// The bytes of an event block that the prefetches request (two lines by default, as
  /// prefetch_event). The sequential engine gives its pool's block size: PHOLD's blocks are one
  /// line, and the second line of another event's block cost 6 % at 65,536 LPs (measured).
  void set_event_bytes(std::size_t bytes) { event_bytes_ = bytes; }
  /// Rungs in use (0 before the first pop), for tests.
  std::size_t rungs() const { return depth_; }

  /// The event pop() returns after `ahead` more pops, if it is in the bottom and no event
  /// waits below it, else nullptr: only for prefetching.
  const EventHeader* peek(std::size_t ahead) const {
    if (!early_.empty()) return nullptr;
    const std::size_t i = front_ + ahead;
    return i < bottom_.size() ? bottom_[i].event : nullptr;
  }

  void push(EventHeader* event) { push(event, event->key); }
  /// The same, with the event's key passed by the caller (see BucketQueue::push).
  void push(EventHeader* event, const EventKey& key) {
    ++size_;
    const Entry entry{key, event};
    const std::int64_t t = key.time.ticks();
    if (depth_ > 0) {
      const Rung& deepest = rungs_[depth_ - 1];
      if (t < deepest.start || ticks_after(t, deepest.start) < deepest.drained_span()) {
        insert_into_bottom(entry);
        return;
      }
      // Rungs nest: rung k+1 spans rung k's bucket before `next`, so the deepest rung whose
      // span holds t is the one.
      for (std::size_t k = depth_; k-- > 0;) {
        Rung& rung = rungs_[k];
        const std::uint64_t offset = ticks_after(t, rung.start);
        if (offset < rung.span()) {
          rung.buckets[offset >> rung.shift].push_back(entry);
          return;
        }
      }
    }
    top_.push_back(entry);
    top_min_ = std::min(top_min_, t);
    top_max_ = std::max(top_max_, t);
  }

  EventHeader* pop() {
    if (early_is_next()) {
      std::pop_heap(early_.begin(), early_.end(), After{});
      EventHeader* event = early_.back().event;
      early_.pop_back();
      --size_;
      return event;
    }
    if (front_ == bottom_.size()) refill();
    EventHeader* event = bottom_[front_++].event;
    --size_;
    // The order is known from here on: fetch the event a few pops ahead, whose block in a
    // large model was written long ago and is far beyond the caches.
    if (front_ + kBlocksAhead < bottom_.size()) {
      prefetch(bottom_[front_ + kBlocksAhead].event, event_bytes_);
    }
    // Append the next bucket before the bottom runs out, so that peek() and the prefetches see
    // kBlocksAhead events ahead across bucket boundaries (buckets hold a few tens of events).
    const std::size_t left = bottom_.size() - front_;
    if (left <= kBlocksAhead && size_ > left + early_.size()) refill();
    return event;
  }

 private:
  struct Entry {
    EventKey key;
    EventHeader* event;
  };
  using Bucket = std::vector<Entry>;
  struct Rung {
    std::int64_t start = 0;
    unsigned shift = 0;          // a bucket spans 2^shift ticks
    std::size_t next = 0;        // the next bucket to drain; those before it are empty
    std::vector<Bucket> buckets;  // kept with their storage when the rung is retired

    std::uint64_t span() const { return ticks_of(buckets.size(), shift); }
    std::uint64_t drained_span() const { return ticks_of(next, shift); }
  };

  /// n << shift, saturated: a rung over the whole range of times has 2^64 ticks.
  static std::uint64_t ticks_of(std::size_t n, unsigned shift) {
    return n > (std::numeric_limits<std::uint64_t>::max() >> shift)
               ? std::numeric_limits<std::uint64_t>::max()
               : std::uint64_t{n} << shift;
  }
  /// t - start for t >= start, exact even where the signed difference would overflow.
  static std::uint64_t ticks_after(std::int64_t t, std::int64_t start) {
    return static_cast<std::uint64_t>(t) - static_cast<std::uint64_t>(start);
  }
  /// The total order, as a type so that std::sort inlines it (a function pointer is not).
  struct Before {
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.key.time != b.key.time) return a.key.time < b.key.time;
      if (a.key.sender != b.key.sender) return a.key.sender < b.key.sender;
      return a.key.sequence < b.key.sequence;
    }
  };
  struct After {
    bool operator()(const Entry& a, const Entry& b) const { return Before{}(b, a); }
  };
  static constexpr Before before{};

  /// Whether the next event is the earliest of early_ (all of which are below the rungs).
  bool early_is_next() const {
    return !early_.empty() && (front_ == bottom_.size() || before(early_.front(), bottom_[front_]));
  }

  /// Adds an entry below the deepest rung's next bucket. One below the bottom's next event (the
  /// optimistic engine's stragglers and rolled-back events, which come in ascending order)
  /// goes to early_, a heap: inserting a rollback of k events into the array would move it k
  /// times. Others are moved into the bottom in key order.
  void insert_into_bottom(const Entry& entry) {
    const auto first = bottom_.begin() + static_cast<std::ptrdiff_t>(front_);
    if (first == bottom_.end() || before(entry, *first)) {
      early_.push_back(entry);
      std::push_heap(early_.begin(), early_.end(), After{});
      return;
    }
    bottom_.insert(std::upper_bound(first, bottom_.end(), entry, Before{}), entry);
  }

  /// Some events are not in the bottom: the next non-empty bucket of the deepest rung is
  /// sorted and appended to the bottom (all its events are later than the bottom's), spawning
  /// finer rungs, retiring drained ones and building rung 0 from the top as needed.
  void refill() {
    bottom_.erase(bottom_.begin(), bottom_.begin() + static_cast<std::ptrdiff_t>(front_));
    front_ = 0;
    const std::size_t old = bottom_.size();
    for (;;) {
      if (depth_ == 0) build_rung0();
      Rung& rung = rungs_[depth_ - 1];
      while (rung.next < rung.buckets.size() && rung.buckets[rung.next].empty()) ++rung.next;
      if (rung.next == rung.buckets.size()) {
        --depth_;  // retired; its buckets keep their storage for the next rung this deep
        continue;
      }
      Bucket& bucket = rung.buckets[rung.next++];
      if (bucket.size() > kSpawnAbove && rung.shift > 0 && depth_ < kMaxDepth) {
        spawn(rung, bucket);
        continue;
      }
      if (old == 0) {
        bottom_.swap(bucket);  // the bucket keeps the bottom's (empty) storage
      } else {
        bottom_.insert(bottom_.end(), bucket.begin(), bucket.end());
        empty_out(bucket);
      }
      std::sort(bottom_.begin() + static_cast<std::ptrdiff_t>(old), bottom_.end(), Before{});
      // The blocks that pop() would have requested already.
      for (std::size_t i = old; i <= kBlocksAhead && i < bottom_.size(); ++i) {
        prefetch(bottom_[i].event, event_bytes_);
      }
      return;
    }
  }

  /// Empties a drained bucket. A large one gives its storage back: rung 0's buckets of a
  /// million pending events hold thousands each, and keeping every one's peak would triple the
  /// memory of the pending set (measured: 451 against 129 MiB peak RSS at PHOLD 65,536 LPs).
  static void empty_out(Bucket& bucket) {
    if (bucket.capacity() > kKeptCapacity) {
      Bucket().swap(bucket);
    } else {
      bucket.clear();
    }
  }

  /// Spreads `bucket` (the one before rung.next) over a new deepest rung of finer buckets,
  /// about kTargetBucket events each.
  void spawn(const Rung& rung, Bucket& bucket) {
    const std::int64_t start =
        rung.start + static_cast<std::int64_t>(std::uint64_t{rung.next - 1} << rung.shift);
    const std::size_t wanted =
        std::min(std::bit_ceil(std::max<std::size_t>(bucket.size() / kTargetBucket, 2)),
                 kMaxBuckets);
    const unsigned split =
        std::min(static_cast<unsigned>(std::countr_zero(wanted)), rung.shift);
    Rung& child = new_rung(start, rung.shift - split, std::size_t{1} << split);
    for (const Entry& e : bucket) {
      child.buckets[ticks_after(e.key.time.ticks(), start) >> child.shift].push_back(e);
    }
    empty_out(bucket);
  }

  /// Rung 0 over every event of the top, in at most kMaxBuckets buckets.
  void build_rung0() {
    const std::uint64_t span = ticks_after(top_max_, top_min_);
    const std::size_t wanted =
        std::clamp<std::size_t>(top_.size() / kTargetBucket, kMinBuckets, kMaxBuckets);
    unsigned shift = 0;
    while ((span >> shift) >= wanted) ++shift;
    Rung& rung = new_rung(top_min_, shift, static_cast<std::size_t>(span >> shift) + 1);
    for (const Entry& e : top_) {
      rung.buckets[ticks_after(e.key.time.ticks(), rung.start) >> shift].push_back(e);
    }
    // The top held every pending event at the start; it keeps its storage only if small.
    if (top_.capacity() > 4 * kMaxBuckets * kTargetBucket) {
      Bucket().swap(top_);
    } else {
      top_.clear();
    }
    top_min_ = std::numeric_limits<std::int64_t>::max();
    top_max_ = std::numeric_limits<std::int64_t>::min();
  }

  /// A new deepest rung of empty buckets, reusing a retired rung's storage.
  Rung& new_rung(std::int64_t start, unsigned shift, std::size_t buckets) {
    Rung& rung = rungs_[depth_++];
    rung.start = start;
    rung.shift = shift;
    rung.next = 0;
    rung.buckets.resize(buckets);
    return rung;
  }

  static constexpr std::size_t kTargetBucket = 32;  // entries a spawned bucket aims at
  static constexpr std::size_t kSpawnAbove = 64;    // entries sorted rather than spawned
  static constexpr std::size_t kMinBuckets = 16;
  static constexpr std::size_t kKeptCapacity = 4 * kSpawnAbove;  // entries
  static constexpr std::size_t kMaxBuckets = 1024;  // per rung: headers and tails stay cached
  static constexpr std::size_t kMaxDepth = 8;       // with the minimum split of 2, a crowded
                                                    // bucket is 1/256 of its rung's span deeper

  std::vector<Entry> bottom_;  // sorted; entries before front_ were popped
  std::vector<Entry> early_;   // min-heap of entries pushed below the bottom's next one
  std::size_t front_ = 0;
  std::array<Rung, kMaxDepth> rungs_;  // [0, depth_) in use, coarse to fine; never moved, so
                                       // references to buckets survive a spawn
  std::size_t depth_ = 0;
  std::vector<Entry> top_;
  std::int64_t top_min_ = std::numeric_limits<std::int64_t>::max();
  std::int64_t top_max_ = std::numeric_limits<std::int64_t>::min();
  std::size_t size_ = 0;
  std::size_t event_bytes_ = 2 * kCacheLineBytes;
};

}  // namespace pdes::internal
