// SPDX-License-Identifier: Apache-2.0
//
// CalendarQueue: the pending-event set for continuous times and many pending events
// (kernel.pending_set = calendar), with EventQueue's interface and the same total order.
//
// Three tiers, as in one rung of a ladder queue (Tang et al. 2005):
//  - the bottom: a sorted array, drained from its front, holding every event earlier than the
//    first bucket not yet drained (offsets below `drained_span_`, and any time below the rung);
//  - the rung: a flat array of buckets of 2^shift_ ticks each, indexed by
//    (time - rung_start_) >> shift_ (no hashing, no heap of bucket numbers), holding the events
//    up to `rung_start_ + rung_span_`, unsorted. When the bottom runs out, the next non-empty
//    bucket becomes the bottom (its storage is swapped in, then sorted once);
//  - the top: an unsorted array of the events beyond the rung. When the rung runs out, a new
//    rung is spread over the top's events.
//
// Why: with a million pending events (PHOLD, 65,536 LPs) a heap walks ten levels of cold cache
// lines per pop. Here a push appends to a bucket (whose tail line is usually cached: a few
// tens of thousands of buckets are drained in order), and a pop reads the next entry of a small
// sorted array; the next events are known, so their blocks are fetched several pops ahead and
// the engine fetches their LPs (docs/performance.md, session 9).
//
// The width adapts to the events: at each new rung it is set from the rate at which events
// were drained (kTargetBucket events per bucket), and within a rung, when the buckets drained
// are 4x off that size on average, the rung is spread again. Events may be pushed below the
// bottom's front at any time (the optimistic engine's stragglers and rolled-back events): they
// are inserted into the bottom in key order, so the order is always the total order.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

class CalendarQueue {
 public:
  /// peek() sees past the next event (within the bottom).
  static constexpr bool kKnowsNextEvents = true;

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  /// Receive time of the next event (the queue must not be empty).
  SimTime top_time() { return top()->key.time; }
  /// The event pop() returns next (the queue must not be empty).
  EventHeader* top() {
    if (front_ == bottom_.size()) refill();
    return bottom_[front_].event;
  }
  /// log2 of the bucket width in ticks.
  unsigned width_shift() const { return shift_; }
  /// Buckets of the current rung.
  std::size_t rung_buckets() const { return rung_.size(); }

  /// The event pop() returns after `ahead` more pops, if it is in the bottom, else nullptr:
  /// only for prefetching.
  const EventHeader* peek(std::size_t ahead) const {
    const std::size_t i = front_ + ahead;
    return i < bottom_.size() ? bottom_[i].event : nullptr;
  }

  void push(EventHeader* event) { push(event, event->key); }
  /// The same, with the event's key passed by the caller (see BucketQueue::push).
  void push(EventHeader* event, const EventKey& key) {
    ++size_;
    const Entry entry{key, event};
    const std::int64_t t = key.time.ticks();
    // Offsets from the rung's start, unsigned so that no time, however far, overflows.
    const std::uint64_t offset = ticks_after(t, rung_start_);
    if (t < rung_start_ || offset < drained_span_) {
      insert_into_bottom(entry);
      return;
    }
    if (offset < rung_span_) {
      append(rung_[offset >> shift_], entry);
      return;
    }
    top_.push_back(entry);
    top_min_ = std::min(top_min_, t);
    top_max_ = std::max(top_max_, t);
  }

  EventHeader* pop() {
    if (front_ == bottom_.size()) refill();
    EventHeader* event = bottom_[front_++].event;
    --size_;
    ++popped_;
    // The order is known from here on: fetch the event a few pops ahead, whose block in a
    // large model was written long ago and is far beyond the caches.
    if (front_ + kPrefetchAhead < bottom_.size()) {
      prefetch_event(bottom_[front_ + kPrefetchAhead].event);
    }
    // Load the next bucket now rather than at the next top(), so that peek() and the
    // prefetches see the next events across bucket boundaries.
    if (front_ == bottom_.size() && size_ > 0) refill();
    return event;
  }

 private:
  struct Entry {
    EventKey key;
    EventHeader* event;
  };
  using Bucket = std::vector<Entry>;

  /// t - start for t >= start, exact even where the signed difference would overflow.
  static std::uint64_t ticks_after(std::int64_t t, std::int64_t start) {
    return static_cast<std::uint64_t>(t) - static_cast<std::uint64_t>(start);
  }
  static bool before(const Entry& a, const Entry& b) {
    if (a.key.time != b.key.time) return a.key.time < b.key.time;
    if (a.key.sender != b.key.sender) return a.key.sender < b.key.sender;
    return a.key.sequence < b.key.sequence;
  }

  /// Adds an entry to the bottom in key order. Rolled-back events usually sort before
  /// everything left and take a popped slot; others are moved in.
  void insert_into_bottom(const Entry& entry) {
    const auto first = bottom_.begin() + static_cast<std::ptrdiff_t>(front_);
    if (front_ > 0 && (first == bottom_.end() || before(entry, *first))) {
      bottom_[--front_] = entry;
      return;
    }
    bottom_.insert(std::upper_bound(first, bottom_.end(), entry, before), entry);
  }

  /// Appends to a bucket; an empty bucket first takes spare storage, so that the storage of
  /// drained buckets is reused and memory follows the pending events, not the bucket count.
  void append(Bucket& bucket, const Entry& entry) {
    if (bucket.capacity() == 0 && !spare_.empty()) {
      bucket.swap(spare_.back());
      spare_.pop_back();
    }
    bucket.push_back(entry);
  }
  /// Keeps an emptied bucket's storage for reuse.
  void keep_spare(Bucket& bucket) {
    if (bucket.capacity() == 0) return;
    bucket.clear();
    spare_.emplace_back();
    spare_.back().swap(bucket);
  }

  /// The bottom is used up and the queue is not empty: the next non-empty bucket becomes the
  /// bottom, after a new rung if needed.
  void refill() {
    keep_spare(bottom_);
    front_ = 0;
    for (;;) {
      if (drained_buckets_ >= kAdaptBuckets) adapt_within_rung();
      while (cur_ < rung_.size()) {
        Bucket& bucket = rung_[cur_++];
        ++drained_buckets_;
        drained_span_ += std::uint64_t{1} << shift_;
        if (bucket.empty()) continue;
        bottom_.swap(bucket);  // the bucket takes the bottom's (empty) storage
        std::sort(bottom_.begin(), bottom_.end(), before);
        for (std::size_t i = 0; i < kPrefetchAhead && i < bottom_.size(); ++i) {
          prefetch_event(bottom_[i].event);
        }
        return;
      }
      new_rung();
    }
  }

  /// Every kAdaptBuckets buckets: when the buckets drained held on average 4x more or fewer
  /// events than kTargetBucket, the rest of the rung is spread again at the measured rate.
  void adapt_within_rung() {
    const std::size_t events = popped_;
    const std::size_t buckets = drained_buckets_;
    const bool too_full = events > 4 * kTargetBucket * buckets;
    const bool too_sparse = events * 4 < kTargetBucket * buckets && shift_ < kMaxShift &&
                            events >= kMinSample;  // else wait: too few events to measure
    if (too_full || too_sparse) {
      for (std::size_t i = cur_; i < rung_.size(); ++i) {
        for (const Entry& e : rung_[i]) {
          top_min_ = std::min(top_min_, e.key.time.ticks());
          top_max_ = std::max(top_max_, e.key.time.ticks());
        }
        top_.insert(top_.end(), rung_[i].begin(), rung_[i].end());
        keep_spare(rung_[i]);
      }
      cur_ = rung_.size();  // refill() continues with a new rung, at the measured width
    } else {
      popped_ = 0;
      drained_buckets_ = 0;
    }
  }

  /// Spreads the top's events over a new rung starting at the earliest of them. The bottom
  /// is empty and every pending event is in the top.
  void new_rung() {
    shift_ = next_shift();
    popped_ = 0;
    drained_buckets_ = 0;
    const std::uint64_t span = ticks_after(top_max_, top_min_);
    // Enough buckets to hold the pending events a few times over; the far future waits in the
    // top (it would be spread thin over many buckets, and mostly moved again anyway).
    const std::size_t most = std::max<std::size_t>(kMinBuckets, 4 * top_.size() / kTargetBucket);
    const std::size_t buckets =
        static_cast<std::size_t>(std::min<std::uint64_t>((span >> shift_) + 1, most));
    for (std::size_t i = buckets; i < rung_.size(); ++i) keep_spare(rung_[i]);
    rung_.resize(buckets);
    cur_ = 0;
    rung_start_ = top_min_;
    drained_span_ = 0;
    rung_span_ = static_cast<std::uint64_t>(buckets) << shift_;
    std::int64_t min = std::numeric_limits<std::int64_t>::max();
    std::int64_t max = std::numeric_limits<std::int64_t>::min();
    std::size_t kept = 0;
    for (const Entry& e : top_) {
      const std::int64_t t = e.key.time.ticks();
      const std::uint64_t offset = ticks_after(t, rung_start_);
      if (offset < rung_span_) {
        append(rung_[offset >> shift_], e);
      } else {
        top_[kept++] = e;
        min = std::min(min, t);
        max = std::max(max, t);
      }
    }
    top_.resize(kept);
    top_min_ = min;
    top_max_ = max;
  }

  /// The bucket width for a new rung: from the rate at which the last rung was drained if it
  /// was drained long enough to say, else from the top's mean density.
  unsigned next_shift() const {
    std::uint64_t ticks = 0;
    std::uint64_t events = 0;
    if (popped_ >= kMinSample && drained_buckets_ > 0) {
      ticks = static_cast<std::uint64_t>(drained_buckets_) << shift_;
      events = popped_;
    } else {
      ticks = ticks_after(top_max_, top_min_) + 1;
      events = top_.size();
    }
    // width = kTargetBucket * ticks / events, rounded down to a power of two
    const double width = static_cast<double>(kTargetBucket) * static_cast<double>(ticks) /
                         static_cast<double>(std::max<std::uint64_t>(events, 1));
    if (width < 2.0) return 0;
    const auto w = static_cast<std::uint64_t>(std::min(width, 0x1p62));
    return std::min<unsigned>(static_cast<unsigned>(std::bit_width(w)) - 1, kMaxShift);
  }

  static constexpr std::size_t kTargetBucket = 32;   // entries per bucket
  static constexpr std::size_t kAdaptBuckets = 256;  // buckets drained between two checks
  static constexpr std::size_t kMinSample = 8 * kTargetBucket;  // events to measure a rate
  static constexpr std::size_t kMinBuckets = 64;
  static constexpr std::size_t kPrefetchAhead = 8;   // events; each takes longer than a miss
  static constexpr unsigned kMaxShift = 48;

  std::vector<Entry> bottom_;  // sorted; entries before front_ were popped
  std::size_t front_ = 0;
  std::vector<Bucket> rung_;
  std::size_t cur_ = 0;  // the next bucket to become the bottom
  std::int64_t rung_start_ = std::numeric_limits<std::int64_t>::min();
  std::uint64_t drained_span_ = 0;  // ticks from rung_start_ covered by the bottom
  std::uint64_t rung_span_ = 0;     // ticks from rung_start_ covered by the rung; 0: none yet
  unsigned shift_ = 0;
  std::vector<Entry> top_;
  std::int64_t top_min_ = std::numeric_limits<std::int64_t>::max();
  std::int64_t top_max_ = std::numeric_limits<std::int64_t>::min();
  std::vector<Bucket> spare_;  // storage of drained buckets, for buckets opened later
  std::size_t size_ = 0;
  std::size_t popped_ = 0;           // events popped since the last width decision...
  std::size_t drained_buckets_ = 0;  // ...and the buckets drained meanwhile
};

}  // namespace pdes::internal
