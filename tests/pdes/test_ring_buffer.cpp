// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <deque>
#include <vector>

#include "pdes/internal/ring_buffer.hpp"

using pdes::internal::RingBuffer;

TEST_CASE("RingBuffer behaves like a deque under mixed pushes and pops") {
  RingBuffer<int> ring;
  std::deque<int> model;
  unsigned x = 12345;
  for (int step = 0; step < 20000; ++step) {
    x = x * 1103515245 + 12345;
    const unsigned op = (x >> 16) % 5;
    if (op <= 1 || model.empty()) {
      ring.push_back(step);
      model.push_back(step);
    } else if (op == 2) {
      ring.pop_back();
      model.pop_back();
    } else if (op == 3) {
      ring.pop_front();
      model.pop_front();
    } else {
      ring.shrink_if_sparse(4);
    }
    REQUIRE(ring.size() == model.size());
    if (!model.empty()) {
      REQUIRE(ring.front() == model.front());
      REQUIRE(ring.back() == model.back());
      REQUIRE(ring[model.size() / 2] == model[model.size() / 2]);
    }
  }
}

TEST_CASE("RingBuffer reuses popped slots: assignment keeps the slot's capacity") {
  RingBuffer<std::vector<int>> ring;
  ring.push_back_slot().assign(1000, 1);
  const int* storage = ring.back().data();
  ring.pop_back();
  std::vector<int>& slot = ring.push_back_slot();
  slot.assign(500, 2);
  CHECK(slot.data() == storage);  // no new allocation
  CHECK(ring.size() == 1);
  ring.truncate(0);
  CHECK(ring.empty());
}
