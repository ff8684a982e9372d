// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <map>
#include <vector>

#include "pdes/internal/remote_event_index.hpp"

using namespace pdes;
using namespace pdes::internal;

TEST_CASE("RemoteEventIndex finds and erases events by (sender, sequence)") {
  TwEventPool pool(TwEventLayout::make(8, 0));
  RemoteEventIndex index;
  std::map<std::pair<std::uint64_t, std::uint64_t>, TwEvent*> model;
  unsigned x = 99;
  for (int step = 0; step < 50000; ++step) {
    x = x * 1664525 + 1013904223;
    const std::uint64_t sender = (x >> 8) % 64;
    const std::uint64_t seq = (x >> 20) % 256;
    auto it = model.find({sender, seq});
    if (it == model.end()) {
      TwEvent* e = pool.allocate();
      e->header.key = {SimTime{step}, LpId{sender}, seq};
      index.insert(e);
      model[{sender, seq}] = e;
    } else {
      REQUIRE(index.find(LpId{sender}, seq) == it->second);
      index.erase(it->second);
      pool.release(it->second);
      model.erase(it);
      REQUIRE(index.find(LpId{sender}, seq) == nullptr);
    }
    REQUIRE(index.size() == model.size());
  }
  for (auto& [k, e] : model) CHECK(index.find(LpId{k.first}, k.second) == e);
}
