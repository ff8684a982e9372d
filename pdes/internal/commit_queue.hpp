// SPDX-License-Identifier: Apache-2.0
//
// CommitQueue: which local LPs may have events below GVT — a 4-ary min-heap of
// (time of the LP's oldest uncommitted event, LP index).
//
// Fossil collection pops the LPs whose entry time is at or below GVT's time and commits what
// is below GVT's key in each; an LP that still has uncommitted events goes back in with its new
// oldest time. So a GVT round touches only LPs with something to commit, not every LP with a
// history. Entries are only hints: an entry may be stale (a rollback emptied the LP) or
// duplicated; the invariant the engine keeps is that every LP with uncommitted events has an
// entry whose time is at most its oldest uncommitted event's time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pdes/sim_time.hpp"

namespace pdes::internal {

class CommitQueue {
 public:
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  SimTime top_time() const { return SimTime{heap_.front().time}; }
  std::uint32_t top_lp() const { return heap_.front().lp; }

  void push(SimTime time, std::uint32_t lp) {
    heap_.push_back({time.ticks(), lp});
    std::size_t i = heap_.size() - 1;
    const Entry moving = heap_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / kArity;
      if (!(moving.time < heap_[parent].time)) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = moving;
  }

  void pop() {
    const Entry moving = heap_.back();
    heap_.pop_back();
    const std::size_t n = heap_.size();
    if (n == 0) return;
    std::size_t i = 0;
    for (;;) {
      const std::size_t first = i * kArity + 1;
      if (first >= n) break;
      std::size_t best = first;
      const std::size_t last = first + kArity < n ? first + kArity : n;
      for (std::size_t c = first + 1; c < last; ++c) {
        if (heap_[c].time < heap_[best].time) best = c;
      }
      if (!(heap_[best].time < moving.time)) break;
      heap_[i] = heap_[best];
      i = best;
    }
    heap_[i] = moving;
  }

 private:
  static constexpr std::size_t kArity = 4;
  struct Entry {
    SimTime::rep time;
    std::uint32_t lp;
  };
  std::vector<Entry> heap_;
};

}  // namespace pdes::internal
