// SPDX-License-Identifier: Apache-2.0
//
// The sequential engine's pending-event sets (EventQueue, a heap; BucketQueue, time buckets)
// pop events in the kernel's total order, ties on time and sender included, and agree with
// each other event for event.
#include "pdes/internal/bucket_queue.hpp"
#include "pdes/internal/ladder_queue.hpp"
#include "pdes/internal/event_queue.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

using namespace pdes;
using namespace pdes::internal;


TEST_CASE_TEMPLATE("a pending set pops events in the total order, ties included", Queue,
                   EventQueue, BucketQueue, LadderQueue) {
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
                   BucketQueue, LadderQueue) {
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
    CHECK(hold_model<LadderQueue>(11, spread) == hold_model<EventQueue>(11, spread));
  }
}

TEST_CASE("a ladder queue spreads a crowded bucket over finer rungs, in order") {
  // 20,000 events, most of them within 1,000 ticks and a few as far as 10^12 ticks: rung 0
  // spans them all, so its first bucket holds nearly everything and must be spawned into finer
  // rungs, several deep, until buckets are small enough to sort. Then a hold model (PHOLD-like)
  // runs on, and the order is the heap's throughout.
  std::mt19937_64 gen(3);
  std::vector<EventHeader> storage(60000);
  LadderQueue queue;
  EventQueue heap;
  std::uint64_t sequence = 0;
  for (std::size_t i = 0; i < 20000; ++i) {
    const std::int64_t t = i % 1000 == 0 ? static_cast<std::int64_t>(gen() % 1'000'000'000'000)
                                         : static_cast<std::int64_t>(gen() % 1000);
    storage[i].key = {SimTime{t}, LpId{gen() % 3}, sequence++};
    queue.push(&storage[i]);
    heap.push(&storage[i]);
  }
  CHECK(queue.rungs() == 0);
  REQUIRE(queue.pop() == heap.pop());
  CHECK(queue.rungs() >= 2);
  for (std::size_t i = 20000; i < storage.size(); ++i) {
    const EventHeader* expected = heap.pop();
    REQUIRE(queue.pop() == expected);
    storage[i].key = {SimTime{expected->key.time.ticks() + 1 +
                              static_cast<std::int64_t>(gen() % 20'000'000)},
                      LpId{2}, sequence++};
    queue.push(&storage[i]);
    heap.push(&storage[i]);
  }
  while (!heap.empty()) REQUIRE(queue.pop() == heap.pop());
  CHECK(queue.empty());
}

TEST_CASE("a ladder queue handles one event, empty spells, equal times and extreme times") {
  std::vector<EventHeader> events(300);
  LadderQueue queue;
  CHECK(queue.empty());
  events[0].key = {SimTime{5}, LpId{0}, 0};
  queue.push(&events[0]);
  CHECK(queue.top_time() == SimTime{5});
  CHECK(queue.pop() == &events[0]);
  CHECK(queue.empty());
  // Empty again, then pushes below the last time popped (the optimistic engine rolls back).
  events[1].key = {SimTime{3}, LpId{0}, 1};
  events[2].key = {SimTime{1}, LpId{0}, 2};
  queue.push(&events[1]);
  queue.push(&events[2]);
  CHECK(queue.pop() == &events[2]);
  CHECK(queue.pop() == &events[1]);
  CHECK(queue.empty());
  // Many events at one time (nothing to spawn into: ties are sorted), and times near the ends
  // of the range, whose differences overflow a signed 64-bit integer.
  EventQueue heap;
  std::mt19937_64 gen(5);
  for (std::size_t i = 3; i < events.size(); ++i) {
    const std::int64_t t = i % 3 == 0   ? 7
                           : i % 3 == 1 ? std::numeric_limits<std::int64_t>::max() - 1
                                        : std::numeric_limits<std::int64_t>::min() + 1;
    events[i].key = {SimTime{t}, LpId{gen() % 5}, gen() % 1000 * 1000 + i};  // keys unique
    queue.push(&events[i]);
    heap.push(&events[i]);
  }
  while (!heap.empty()) REQUIRE(queue.pop() == heap.pop());
  CHECK(queue.empty());
}

TEST_CASE_TEMPLATE("a pending set takes events below the next one, as Time Warp pushes them",
                   Queue, BucketQueue, LadderQueue) {
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

TEST_CASE("a ladder queue takes a long rollback back in order") {
  // Time Warp undoes an LP's events and pushes them again, oldest first, below everything the
  // queue still holds; then execution resumes. The order must stay the heap's.
  std::mt19937_64 gen(13);
  std::vector<EventHeader> events(6000);
  LadderQueue queue;
  for (std::size_t i = 0; i < events.size(); ++i) {
    events[i].key = {SimTime{static_cast<std::int64_t>(gen() % 1'000'000)}, LpId{gen() % 7}, i};
    queue.push(&events[i]);
  }
  std::vector<EventHeader*> popped;
  for (int i = 0; i < 3000; ++i) popped.push_back(queue.pop());
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = popped.size() - 2000; i < popped.size(); ++i) queue.push(popped[i]);
    popped.resize(popped.size() - 2000);
    for (int i = 0; i < 1500; ++i) popped.push_back(queue.pop());
  }
  while (!queue.empty()) popped.push_back(queue.pop());
  REQUIRE(popped.size() == events.size());
  std::vector<EventKey> keys;
  for (const EventHeader* e : popped) keys.push_back(e->key);
  CHECK(std::is_sorted(keys.begin(), keys.end()));
}
