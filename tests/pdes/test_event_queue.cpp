// SPDX-License-Identifier: Apache-2.0
//
// The sequential engine's pending-event sets (EventQueue, a heap; BucketQueue, time buckets)
// pop events in the kernel's total order, ties on time and sender included, and agree with
// each other event for event.
#include "pdes/internal/bucket_queue.hpp"
#include "pdes/internal/calendar_queue.hpp"
#include "pdes/internal/event_queue.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace pdes;
using namespace pdes::internal;


TEST_CASE_TEMPLATE("a pending set pops events in the total order, ties included", Queue,
                   EventQueue, BucketQueue, CalendarQueue) {
  for (const std::uint64_t distinct_times : {4u, 50u, 2000u}) {  // buckets: scan and hash paths
    CAPTURE(distinct_times);
    std::mt19937_64 gen(42);
    std::vector<EventHeader> events(5000);
    for (auto& e : events) {
      // Few distinct senders, so that ties on time and sender are common.
      e.key = {SimTime{static_cast<std::int64_t>(gen() % distinct_times)}, LpId{gen() % 4},
               gen() % 1000};
    }
    Queue queue;
    std::vector<EventKey> expected;
    for (auto& e : events) {
      queue.push(&e);
      expected.push_back(e.key);
    }
    CHECK(queue.size() == events.size());
    std::sort(expected.begin(), expected.end());
    std::vector<EventKey> popped;
    while (!queue.empty()) {
      const SimTime t = queue.top_time();
      popped.push_back(queue.pop()->key);
      CHECK(popped.back().time == t);
    }
    CHECK(popped == expected);
  }
}

/// Hold model: pop the minimum, push one or two events at least one tick later (as the kernel
/// guarantees). Returns the popped keys.
template <class Queue>
std::vector<EventKey> hold_model(std::uint64_t seed, std::uint64_t spread) {
  std::mt19937_64 gen(seed);
  std::vector<EventHeader> storage(20000);
  std::size_t used = 0;
  Queue queue;
  std::vector<EventKey> popped;
  std::int64_t now = 0;
  std::uint64_t sequence = 0;
  for (int step = 0; step < 10000; ++step) {
    if (!queue.empty()) {
      popped.push_back(queue.pop()->key);
      now = popped.back().time.ticks();
    }
    const int pushes = 1 + static_cast<int>(gen() % 2);
    for (int i = 0; i < pushes && used < storage.size(); ++i) {
      storage[used].key = {SimTime{now + 1 + static_cast<std::int64_t>(gen() % spread)},
                           LpId{gen() % 8}, sequence++};
      queue.push(&storage[used++]);
    }
  }
  while (!queue.empty()) popped.push_back(queue.pop()->key);
  CHECK(popped.size() == used);
  return popped;
}

TEST_CASE_TEMPLATE("a pending set interleaves pushes and pops in order", Queue, EventQueue,
                   BucketQueue, CalendarQueue) {
  for (const std::uint64_t spread : {3u, 100u, 100000u}) {
    CAPTURE(spread);
    const std::vector<EventKey> popped = hold_model<Queue>(7, spread);
    CHECK(std::is_sorted(popped.begin(), popped.end()));
    CHECK(popped.size() >= 10000);  // every event pushed comes out (about 15,000)
  }
}

TEST_CASE("BucketQueue and EventQueue agree event for event") {
  for (const std::uint64_t spread : {2u, 40u, 5000u, 10'000'000u}) {
    CAPTURE(spread);
    CHECK(hold_model<BucketQueue>(11, spread) == hold_model<EventQueue>(11, spread));
    CHECK(hold_model<CalendarQueue>(11, spread) == hold_model<EventQueue>(11, spread));
  }
}

TEST_CASE("a calendar queue adapts its bucket width to the event density") {
  // Continuous times (PHOLD-like): a hold model with 20,000 pending events spread over about
  // 10^7 ticks settles on buckets of tens of thousands of ticks instead of one.
  std::mt19937_64 gen(3);
  std::vector<EventHeader> storage(40000);
  CalendarQueue queue;
  std::int64_t now = 0;
  std::uint64_t sequence = 0;
  for (std::size_t i = 0; i < 20000; ++i) {
    storage[i].key = {SimTime{static_cast<std::int64_t>(gen() % 10'000'000)}, LpId{1}, sequence++};
    queue.push(&storage[i]);
  }
  std::vector<EventKey> popped;
  for (std::size_t i = 20000; i < storage.size(); ++i) {
    popped.push_back(queue.pop()->key);
    now = popped.back().time.ticks();
    storage[i].key = {SimTime{now + 1 + static_cast<std::int64_t>(gen() % 20'000'000)}, LpId{2},
                      sequence++};
    queue.push(&storage[i]);
  }
  CHECK(std::is_sorted(popped.begin(), popped.end()));
  CHECK(queue.width_shift() >= 12);  // about 2^15.5 ticks hold 48 events here
  CHECK(queue.width_shift() <= 18);
}

TEST_CASE_TEMPLATE("a pending set takes events below the next one, as Time Warp pushes them",
                   Queue, BucketQueue, CalendarQueue) {
  // Stragglers and rolled-back events arrive at any time at or after GVT: into the bucket
  // being drained (sorted), below it, or into later buckets. The queue must pop the same
  // sequence as the heap.
  std::mt19937_64 gen(9);
  std::vector<EventHeader> storage(30000);
  std::size_t used = 0;
  Queue queue;
  EventQueue heap;
  std::int64_t floor = 0;  // GVT: nothing is pushed below it
  for (int step = 0; step < 12000; ++step) {
    if (!heap.empty() && gen() % 3 != 0) {
      const EventKey expected = heap.pop()->key;
      REQUIRE(queue.top()->key == expected);
      REQUIRE(queue.pop()->key == expected);
      if (gen() % 8 == 0) floor = expected.time.ticks();
    }
    const int pushes = static_cast<int>(gen() % 3);
    for (int i = 0; i < pushes && used < storage.size(); ++i) {
      storage[used].key = {SimTime{floor + static_cast<std::int64_t>(gen() % 50)},
                           LpId{gen() % 6}, gen() % 100000};
      queue.push(&storage[used]);
      heap.push(&storage[used]);
      ++used;
    }
  }
  while (!heap.empty()) REQUIRE(queue.pop()->key == heap.pop()->key);
  CHECK(queue.empty());
}

TEST_CASE("BucketQueue sorts a bucket made of ascending runs, as a network model fills it") {
  // One time, events arriving as `runs` ascending runs of (sender, sequence), interleaved in
  // value: the merge path (few runs) and the sort path (many runs), odd and even counts.
  for (const std::size_t runs : {1u, 2u, 3u, 5u, 8u, 63u, 64u, 200u}) {
    CAPTURE(runs);
    std::mt19937_64 gen(runs);
    std::vector<EventHeader> events(4000);
    std::vector<EventKey> expected;
    BucketQueue queue;
    std::size_t next = 0;
    for (std::size_t r = 0; r < runs; ++r) {
      const std::size_t length = r + 1 < runs ? events.size() / runs : events.size() - next;
      std::vector<EventKey> run;
      for (std::size_t i = 0; i < length; ++i) {
        run.push_back({SimTime{7}, LpId{gen() % 500}, gen() % 100000});
      }
      std::sort(run.begin(), run.end());
      for (const EventKey& key : run) {
        events[next].key = key;
        queue.push(&events[next], key);
        expected.push_back(key);
        ++next;
      }
    }
    std::sort(expected.begin(), expected.end());
    std::vector<EventKey> popped;
    while (!queue.empty()) popped.push_back(queue.pop()->key);
    CHECK(popped == expected);
  }
}

TEST_CASE("peek shows what pop returns next, in the bucket being drained") {
  std::vector<EventHeader> events(6);
  BucketQueue buckets;
  EventQueue heap;
  for (std::size_t i = 0; i < events.size(); ++i) {
    events[i].key = {SimTime{static_cast<std::int64_t>(i / 3)}, LpId{5 - i}, i};
    buckets.push(&events[i]);
    heap.push(&events[i]);
  }
  CHECK(buckets.peek(0) == nullptr);  // no bucket is being drained before the first pop
  const EventHeader* first = buckets.pop();
  CHECK(first == heap.pop());
  CHECK(buckets.peek(0) == heap.peek(0));
  CHECK(buckets.peek(1) == &events[0]);  // sender 5, the last of time 0
  CHECK(buckets.peek(2) == nullptr);     // the next time's bucket is not sorted yet
  CHECK(heap.peek(1) == nullptr);        // a heap knows only its top
}
