// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/event_queue.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace pdes;
using namespace pdes::internal;

TEST_CASE("EventQueue pops events in the total order, ties included") {
  std::mt19937_64 gen(42);
  std::vector<EventHeader> events(5000);
  for (auto& e : events) {
    // Few distinct times and senders, so that ties on time and sender are common.
    e.key = {SimTime{static_cast<std::int64_t>(gen() % 50)}, LpId{gen() % 4}, gen() % 1000};
  }
  EventQueue queue;
  std::vector<EventKey> expected;
  for (auto& e : events) {
    queue.push(&e);
    expected.push_back(e.key);
  }
  std::sort(expected.begin(), expected.end());
  std::vector<EventKey> popped;
  while (!queue.empty()) popped.push_back(queue.pop()->key);
  CHECK(popped == expected);
}

TEST_CASE("EventQueue interleaves pushes and pops correctly") {
  std::mt19937_64 gen(7);
  std::vector<EventHeader> storage(20000);
  std::size_t used = 0;
  EventQueue queue;
  EventKey last{SimTime{-1}, LpId{0}, 0};
  std::int64_t now = 0;
  for (int step = 0; step < 10000; ++step) {
    // Hold model: pop the minimum, push one or two later events.
    if (!queue.empty()) {
      const EventKey k = queue.pop()->key;
      CHECK(!(k < last));
      last = k;
      now = k.time.ticks();
    }
    const int pushes = 1 + static_cast<int>(gen() % 2);
    for (int i = 0; i < pushes && used < storage.size(); ++i) {
      storage[used].key = {SimTime{now + 1 + static_cast<std::int64_t>(gen() % 100)},
                           LpId{gen() % 8}, static_cast<std::uint64_t>(step)};
      queue.push(&storage[used++]);
    }
  }
}
