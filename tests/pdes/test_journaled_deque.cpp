// SPDX-License-Identifier: Apache-2.0
//
// JournaledDeque: a value everywhere, and under the kernel's journaled saves (save mode records
// a journal position, restore mode undoes the journal back to it) it restores exactly what a
// whole copy would have, while the journal stays bounded by what the kept saves need.
// (Rollbacks through it inside the optimistic engine: tests/support/test_models.hpp's
// StatefulLp keeps a JournaledDeque, run by test_time_warp_engine on 1, 2 and 4 ranks.)
#include "pdes/journaled_deque.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <deque>
#include <random>
#include <vector>

using pdes::JournaledDeque;
namespace journal = pdes::journal;

namespace {

std::vector<int> values(const JournaledDeque<int>& q) { return {q.begin(), q.end()}; }

/// One random write, applied to both the container and a plain model of it.
void random_write(std::mt19937_64& gen, JournaledDeque<int>& q, std::deque<int>& model) {
  const int v = static_cast<int>(gen() % 1000);
  switch (gen() % 4) {
    case 0:
    case 1:
      q.push_back(v);
      model.push_back(v);
      break;
    case 2:
      if (!model.empty()) {
        const std::size_t i = gen() % model.size();
        q.erase(i);
        model.erase(model.begin() + static_cast<std::ptrdiff_t>(i));
      }
      break;
    default:
      if (!model.empty()) {
        const std::size_t i = gen() % model.size();
        q.set(i, v);
        model[i] = v;
      }
      break;
  }
  if (gen() % 3 == 0 && !model.empty()) {
    q.pop_front();
    model.pop_front();
  }
}

}  // namespace

TEST_CASE("a JournaledDeque is a value: copies, comparison, queue operations") {
  JournaledDeque<int> q;
  for (int i = 0; i < 200; ++i) q.push_back(i);
  for (int i = 0; i < 150; ++i) q.pop_front();  // compacts on the way
  q.erase(3);
  q.set(0, 7);
  CHECK(q.size() == 49);
  CHECK(q.front() == 7);
  CHECK(q[3] == 154);
  JournaledDeque<int> copy = q;
  CHECK(copy == q);
  copy.push_back(1);
  CHECK(!(copy == q));
  copy = q;
  CHECK(copy == q);
  CHECK(q.journal_size() == 0);  // never saved by the kernel: no journal
}

TEST_CASE("journaled saves restore what whole copies would, and the journal stays bounded") {
  std::mt19937_64 gen(5);
  JournaledDeque<int> live;
  std::deque<int> model;
  struct Saved {
    JournaledDeque<int> mark;     // what the kernel's snapshot holds
    std::vector<int> expected;    // a whole copy, for checking
  };
  std::deque<Saved> saves;  // the kernel's ring, oldest first
  std::uint64_t first_serial = 0;
  std::size_t restores = 0;
  std::size_t max_journal = 0;
  for (int step = 0; step < 20000; ++step) {
    const auto action = gen() % 10;
    if (action < 6) {
      random_write(gen, live, model);
    } else if (action < 8) {  // save
      const std::uint64_t serial = first_serial + saves.size();
      saves.push_back({});
      {
        journal::CopyScope scope({journal::CopyMode::save, serial, first_serial});
        saves.back().mark = live;
      }
      CHECK(saves.back().mark.empty());  // a save holds no elements
      saves.back().expected = {model.begin(), model.end()};
    } else if (action == 8 && !saves.empty()) {  // roll back to a kept save
      const std::size_t index = gen() % saves.size();
      {
        journal::CopyScope scope({journal::CopyMode::restore, 0, 0});
        live = saves[index].mark;
      }
      REQUIRE(values(live) == saves[index].expected);
      model.assign(saves[index].expected.begin(), saves[index].expected.end());
      // The kernel drops the newer saves, and sometimes the restored one too.
      saves.resize(index + (gen() % 2));
      ++restores;
    } else if (!saves.empty()) {  // fossil collection drops the oldest saves
      const std::size_t drop = 1 + gen() % saves.size();
      saves.erase(saves.begin(), saves.begin() + static_cast<std::ptrdiff_t>(drop));
      first_serial += drop;
    }
    REQUIRE(values(live) == std::vector<int>(model.begin(), model.end()));
    max_journal = std::max(max_journal, live.journal_size());
  }
  CHECK(restores > 500);
  // Bounded by the writes since the oldest kept save (a few hundred here), not by the run.
  CHECK(max_journal < 2000);
}

TEST_CASE("a value copy of a journaling JournaledDeque is a plain value") {
  JournaledDeque<int> live;
  live.push_back(1);
  JournaledDeque<int> saved;
  {
    journal::CopyScope scope({journal::CopyMode::save, 0, 0});
    saved = live;
  }
  live.push_back(2);
  const JournaledDeque<int> copy = live;  // value mode again outside the scope
  CHECK(values(copy) == std::vector<int>{1, 2});
  JournaledDeque<int> assigned;
  assigned = live;
  CHECK(assigned == live);
  live = JournaledDeque<int>{};  // a handler replacing the queue: journaled as writes
  CHECK(live.empty());
  {
    journal::CopyScope scope({journal::CopyMode::restore, 0, 0});
    live = saved;
  }
  CHECK(values(live) == std::vector<int>{1});
}

TEST_CASE("final writes leave no journal, and later saves still restore exactly") {
  // The optimistic engine's safe events: their LP's saves are all dropped first (its history
  // committed), then the event's writes run under FinalWritesScope; the next speculative
  // event saves again, and a rollback returns to that save.
  std::mt19937_64 gen(11);
  JournaledDeque<int> live;
  std::deque<int> model;
  std::uint64_t serial = 0;
  for (int round = 0; round < 200; ++round) {
    JournaledDeque<int> mark;
    {
      journal::CopyScope scope({journal::CopyMode::save, serial, serial});
      mark = live;
    }
    for (int i = 0; i < 20; ++i) random_write(gen, live, model);  // speculative writes
    ++serial;  // committed: the save is dropped
    const std::size_t journal_before = live.journal_size();
    {
      journal::FinalWritesScope final_writes(true);
      for (int i = 0; i < 500; ++i) random_write(gen, live, model);  // safe events
    }
    CHECK(live.journal_size() == journal_before);
    {
      journal::CopyScope scope({journal::CopyMode::save, serial, serial});
      mark = live;
    }
    const std::vector<int> at_save(model.begin(), model.end());
    CHECK(live.journal_size() == 0);  // the new save trimmed what the dropped one needed
    for (int i = 0; i < 20; ++i) random_write(gen, live, model);
    if (gen() % 2 == 0) {
      journal::CopyScope scope({journal::CopyMode::restore, 0, 0});
      live = mark;
      REQUIRE(values(live) == at_save);
      model.assign(at_save.begin(), at_save.end());
    }
    REQUIRE(values(live) == std::vector<int>(model.begin(), model.end()));
    ++serial;
  }
  CHECK(!journal::final_writes);  // the scope restored the flag
}

TEST_CASE("writes nested in a final event's handler can ask to be journaled again") {
  // A safe event's send may roll another LP back; re-executing that LP's events inside the
  // handler must journal their writes, or a later rollback of that LP keeps them.
  JournaledDeque<int> other;
  JournaledDeque<int> mark;
  {
    journal::CopyScope scope({journal::CopyMode::save, 0, 0});
    mark = other;  // the other LP's saved state
  }
  {
    journal::FinalWritesScope final_writes(true);
    {
      journal::FinalWritesScope logged(false);  // RollbackManager::coast_forward
      other.push_back(7);
      CHECK(other.journal_size() == 1);
    }
    CHECK(journal::final_writes);
  }
  {
    journal::CopyScope scope({journal::CopyMode::restore, 0, 0});
    other = mark;
  }
  CHECK(other.empty());
}
