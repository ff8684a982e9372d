// SPDX-License-Identifier: Apache-2.0
//
// BucketQueue: a pending-event set for models whose events share a few receive times (a network
// model acts on cycle boundaries), with EventQueue's interface and the same total order.
// (Continuous times: LadderQueue, kernel.pending_set = calendar.)
//
// Events are kept in one bucket per distinct receive time, unsorted while the bucket fills; a
// min-heap holds the distinct times. A bucket is sorted by key once, when it becomes the
// earliest. In the sequential engine no event can join the bucket being drained (every send
// has a delay of at least one tick, pdes/context.hpp), so the sort sees the whole bucket. Per
// event this costs one hash lookup and an amortised share of a small sort, instead of a heap
// sift through many equal times (docs/performance.md). An event that does join a sorted bucket
// (the optimistic engine's stragglers and rolled-back events) is inserted in key order, so the
// order is the same total order in every case.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "pdes/error.hpp"
#include "pdes/internal/event.hpp"

namespace pdes::internal {

class BucketQueue {
 public:
  /// peek() sees past the next event (within the bucket being drained).
  static constexpr bool kKnowsNextEvents = true;

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  /// Receive time of the next event (the queue must not be empty).
  SimTime top_time() const { return SimTime{times_.front().number}; }
  /// The event pop() returns next (the queue must not be empty).
  EventHeader* top() {
    Bucket& b = front_bucket();
    return b.entries[b.front].event;
  }

  /// The event pop() returns after `ahead` more pops, if it is in the bucket being drained,
  /// else nullptr: only for prefetching.
  const EventHeader* peek(std::size_t ahead) const {
    if (times_.empty()) return nullptr;
    const Bucket& b = buckets_[times_.front().bucket];
    const std::size_t i = b.front + ahead;
    return b.sorted && i < b.entries.size() ? b.entries[i].event : nullptr;
  }

  void push(EventHeader* event) { push(event, event->key, event->dest); }
  /// The same, with the event's key passed by the caller: the block was just written, and
  /// reading it back could wait for those stores to reach a line that is not in the cache.
  void push(EventHeader* event, const EventKey& key) { push(event, key, event->dest); }
  /// Inlined into the engines' sends: the usual case (an unsorted bucket with room, its time
  /// among the recent ones) is a few stores; the rest is out of line (push_slow).
  [[gnu::always_inline]] void push(EventHeader* event, const EventKey& key, LpId dest) {
    Bucket& b = buckets_[bucket_of(key.time.ticks())];
    const Entry entry{key.sender, key.sequence, dest, event};
    if (b.sorted || b.entries.size() == b.entries.capacity()) [[unlikely]] {
      push_slow(b, entry);
    } else {
      b.entries.push_back(entry);
    }
    ++size_;
  }

  /// An event as the queue holds it: its key without the time (its bucket's), its destination.
  struct Entry {
    LpId sender;
    std::uint64_t sequence;
    LpId dest;
    EventHeader* event;
  };
  /// Removes the earliest bucket's events (all of time top_time()), calling f(entry) for each,
  /// in no particular order: for an engine that orders them itself (the sequential engine's
  /// LP windows). Their blocks are not read.
  template <class F>
  void drain_front(F&& f) {
    const TimeEntry top = times_.front();
    Bucket& b = buckets_[top.bucket];
    for (std::size_t i = b.front; i < b.entries.size(); ++i) f(b.entries[i]);
    size_ -= b.entries.size() - b.front;
    free_front(top, b);
  }

  EventHeader* pop() {
    const TimeEntry top = times_.front();
    Bucket& b = front_bucket();
    EventHeader* event = b.entries[b.front++].event;
    // The bucket's order is known from here on: fetch the events a few pops ahead, which in a
    // large model are far beyond the caches (their blocks were written long ago).
    if (b.front + kPrefetchAhead < b.entries.size()) {
      prefetch_event(b.entries[b.front + kPrefetchAhead].event);
    }
    --size_;
    if (b.front == b.entries.size()) free_front(top, b);
    return event;
  }

 private:
  struct Bucket {
    std::vector<Entry> entries;
    std::size_t front = 0;  ///< entries before it were popped (sorted buckets only)
    bool sorted = false;    ///< its time is the earliest, and it is being drained
  };
  struct TimeEntry {
    std::int64_t number;  ///< the receive time in ticks
    std::uint32_t bucket;
  };

  /// Removes the earliest time and frees its bucket `b`.
  void free_front(const TimeEntry& top, Bucket& b) {
    std::pop_heap(times_.begin(), times_.end(), later);
    times_.pop_back();
    by_time_.erase(top.number);
    forget_recent(top.number);
    // A freed bucket keeps its capacity for the next time, unless it is large: a big network
    // has many pending times, and reusing cycle-boundary-sized vectors for all of them would
    // double its memory. A few large ones are kept aside for buckets that outgrow their
    // vector instead (adopt_spare; a few cycle boundaries' worth of memory): regrowing buckets
    // of thousands of events from empty every cycle cost reallocations and cold pages.
    b.entries.clear();
    if (b.entries.capacity() > kKeptCapacity) {
      if (spares_.size() < kSpares) {
        spares_.push_back(std::move(b.entries));
      }
      std::vector<Entry>().swap(b.entries);
    }
    b.front = 0;
    b.sorted = false;
    free_.push_back(top.bucket);
  }
  /// push() into a sorted bucket (in key order) or a full one (it grows, or adopts a spare).
  [[gnu::noinline]] void push_slow(Bucket& b, const Entry& entry) {
    if (b.sorted) {
      insert_sorted(b, entry);
      return;
    }
    if (!spares_.empty()) adopt_spare(b.entries);
    b.entries.push_back(entry);
  }
  /// A full bucket about to grow takes a kept large vector instead, if one is larger: only
  /// buckets that do grow large get the large vectors (given to every new bucket, they went
  /// to the many small far-future ones and multiplied: +20 % memory on a 50^3 torus).
  [[gnu::noinline]] void adopt_spare(std::vector<Entry>& entries) {
    std::vector<Entry>& spare = spares_.back();
    if (spare.capacity() <= entries.capacity()) return;
    spare.insert(spare.end(), entries.begin(), entries.end());
    entries.swap(spare);
    spares_.pop_back();
  }
  static bool later(const TimeEntry& a, const TimeEntry& b) { return a.number > b.number; }
  /// The key order within a bucket, whose entries all have the bucket's time: (sender,
  /// sequence). Without branches: merging asks it about neighbours whose order is a coin toss.
  static bool before(const Entry& a, const Entry& b) {
    const std::uint64_t as = a.sender.value();
    const std::uint64_t bs = b.sender.value();
    return (as < bs) | ((as == bs) & (a.sequence < b.sequence));
  }

  /// std::merge of two ascending ranges (equal keys: a's first), choosing each next entry by
  /// a select rather than a branch, which mispredicted on about every other entry.
  static Entry* merge(const Entry* a, const Entry* a_end, const Entry* b, const Entry* b_end,
                      Entry* out) {
    while (a != a_end && b != b_end) {
      const bool take_b = before(*b, *a);
      *out++ = *(take_b ? b : a);
      b += take_b;
      a += !take_b;
    }
    out = std::copy(a, a_end, out);
    return std::copy(b, b_end, out);
  }

  /// Sorts a bucket by key. A bucket arrives as a few ascending runs: the events sent to one
  /// time by the execution of one earlier bucket were sent in that bucket's (sender, sequence)
  /// order. Merging the runs costs about log2(runs) comparisons per event, all predictable,
  /// where a general sort costs log2(size), mostly mispredicted; a bucket of many runs is
  /// sorted instead.
  void sort_entries(std::vector<Entry>& entries) {
    // Where the runs end, without a branch per entry (where a run ends is unpredictable):
    // every position is written, and kept only if a run ends there. Past kMaxMergedRuns runs
    // the ends are not needed (the bucket is sorted instead), and they overwrite the last slot.
    run_ends_.resize(kMaxMergedRuns + 1);
    std::size_t runs = 0;
    for (std::size_t i = 1; i < entries.size(); ++i) {
      run_ends_[std::min(runs, kMaxMergedRuns)] = i;
      runs += before(entries[i], entries[i - 1]);
    }
    if (runs == 0) return;
    if (runs >= kMaxMergedRuns) {
      std::sort(entries.begin(), entries.end(), before);
      return;
    }
    run_ends_[runs++] = entries.size();
    scratch_.resize(entries.size());
    std::vector<Entry>* from = &entries;
    std::vector<Entry>* to = &scratch_;
    while (runs > 1) {  // merge neighbouring runs pairwise, ping-ponging buffers
      std::size_t begin = 0;
      std::size_t merged = 0;
      for (std::size_t r = 0; r < runs; r += 2) {
        const std::size_t middle = run_ends_[r];
        const std::size_t end = r + 1 < runs ? run_ends_[r + 1] : middle;
        const Entry* data = from->data();
        merge(data + begin, data + middle, data + middle, data + end, to->data() + begin);
        run_ends_[merged++] = end;
        begin = end;
      }
      runs = merged;
      std::swap(from, to);
    }
    if (from != &entries) entries.swap(scratch_);
  }

  /// The earliest bucket, sorted.
  Bucket& front_bucket() {
    Bucket& b = buckets_[times_.front().bucket];
    if (!b.sorted) {
      sort_entries(b.entries);
      b.sorted = true;
    }
    return b;
  }

  /// Adds an entry to a sorted bucket in key order. Rolled-back events usually sort before
  /// everything left in the bucket and take a popped slot; others are moved in.
  static void insert_sorted(Bucket& b, const Entry& entry) {
    const auto first = b.entries.begin() + static_cast<std::ptrdiff_t>(b.front);
    if (b.front > 0 && (first == b.entries.end() || before(entry, *first))) {
      b.entries[--b.front] = entry;
      return;
    }
    b.entries.insert(std::upper_bound(first, b.entries.end(), entry, before), entry);
  }

  /// The bucket of time `number`, created if needed; first looked up in `recent_`: an event's
  /// time is usually one of the few that the events sent just before it went to, and the scan
  /// below ends at a position the branch predictor cannot guess.
  [[gnu::always_inline]] std::uint32_t bucket_of(std::int64_t number) {
    TimeEntry& recent = recent_[recent_slot(number)];
    if (recent.number == number && recent.bucket != kNoBucket) [[likely]] return recent.bucket;
    return bucket_of_slow(recent, number);
  }
  [[gnu::noinline]] std::uint32_t bucket_of_slow(TimeEntry& recent, std::int64_t number) {
    recent = {number, find_or_add_bucket(number)};
    return recent.bucket;
  }

  /// The same without `recent_`. A few distinct times (the usual case) are found by scanning
  /// the heap's array, which beats hashing; many through the map.
  std::uint32_t find_or_add_bucket(std::int64_t number) {
    if (times_.size() <= kScanLimit) {
      for (const TimeEntry& t : times_) {
        if (t.number == number) return t.bucket;
      }
    } else if (const auto it = by_time_.find(number); it != by_time_.end()) {
      return it->second;
    }
    const std::uint32_t id = new_bucket();
    by_time_.emplace(number, id);
    times_.push_back({number, id});
    std::push_heap(times_.begin(), times_.end(), later);
    return id;
  }

  /// recent_'s slot of a time (Fibonacci hashing: cycle-aligned times spread well).
  static std::size_t recent_slot(std::int64_t number) {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(number) * 0x9E3779B97F4A7C15ULL) >>
                                    (64 - kRecentBits));
  }
  /// Drops a freed bucket's time from recent_, so that its id, reused, is not found by it.
  void forget_recent(std::int64_t number) {
    TimeEntry& recent = recent_[recent_slot(number)];
    if (recent.number == number) recent.bucket = kNoBucket;
  }

  static constexpr std::size_t kScanLimit = 32;
  static constexpr unsigned kRecentBits = 6;
  static constexpr std::uint32_t kNoBucket = UINT32_MAX;
  static constexpr std::size_t kMaxMergedRuns = 64;
  static constexpr std::size_t kPrefetchAhead = 6;  // events; each takes far longer than a miss
  static constexpr std::size_t kKeptCapacity = 256;  // entries
  static constexpr std::size_t kSpares = 4;          // large vectors kept for new buckets

  std::uint32_t new_bucket() {
    std::uint32_t id;
    if (!free_.empty()) {
      id = free_.back();
      free_.pop_back();
    } else {
      buckets_.emplace_back();
      id = static_cast<std::uint32_t>(buckets_.size() - 1);
    }
    return id;
  }

  std::vector<Bucket> buckets_;      // reused: a freed bucket keeps its vector's capacity
  std::vector<std::uint32_t> free_;  // ids of empty buckets
  std::vector<std::vector<Entry>> spares_;  // empty, large: storage freed buckets gave back
  std::vector<TimeEntry> times_;     // min-heap of the distinct times
  std::unordered_map<std::int64_t, std::uint32_t> by_time_;
  /// A direct-mapped cache of (time, bucket) in front of times_ and by_time_; kNoBucket: none.
  std::array<TimeEntry, std::size_t{1} << kRecentBits> recent_ = make_recent();
  static std::array<TimeEntry, std::size_t{1} << kRecentBits> make_recent() {
    std::array<TimeEntry, std::size_t{1} << kRecentBits> recent;
    recent.fill({0, kNoBucket});
    return recent;
  }
  std::size_t size_ = 0;
  std::vector<std::size_t> run_ends_;  // sort_entries' scratch: where each ascending run ends
  std::vector<Entry> scratch_;         // sort_entries' merge buffer
};

}  // namespace pdes::internal
