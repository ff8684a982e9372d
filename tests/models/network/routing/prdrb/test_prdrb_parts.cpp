// SPDX-License-Identifier: Apache-2.0
//
// PR-DRB's parts alone (models/network/routing/prdrb/): contending-flow sets and their
// similarity, the router's choice of main contributors (the thesis's Fig. 3.13 example), the
// solution database (matching, replace-if-better, LRU eviction, copy on write as the kernel's
// state saving and rollback use it), and the parameters' checks.
#include <doctest/doctest.h>

#include <vector>

#include "models/network/routing/prdrb/contention_detector.hpp"
#include "models/network/routing/prdrb/flow_set.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "models/network/routing/prdrb/solution_database.hpp"
#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/mesh.hpp"
#include "pdes/error.hpp"

using net::prdrb::Flow;
using net::prdrb::FlowSet;
using net::prdrb::Solution;
using net::prdrb::Situation;
using net::prdrb::SolutionDatabase;

namespace {

FlowSet set_of(std::vector<Flow> flows) { return FlowSet::of(flows); }
Situation situation(std::vector<Flow> flows) { return Situation::of(flows); }

Solution paths(std::uint32_t width, double latency) {
  Solution s;
  s.width = width;
  for (std::uint32_t i = 0; i < width; ++i) s.latency[i] = latency + i;
  return s;
}

}  // namespace

TEST_CASE("a flow set is sorted and without duplicates, whatever the order it was given in") {
  const FlowSet a = set_of({{5, 1}, {2, 7}, {5, 1}, {1, 5}});
  const FlowSet b = set_of({{1, 5}, {5, 1}, {2, 7}});
  CHECK(a == b);
  REQUIRE(a.size() == 3);
  CHECK(a.flows()[0] == Flow{1, 5});
  CHECK(a.flows()[2] == Flow{5, 1});
  CHECK(a.contains({2, 7}));
  CHECK_FALSE(a.contains({7, 2}));
}

TEST_CASE("coverage: the share of an observed situation's flows that a stored one holds") {
  const Situation stored = Situation::of(std::vector<Flow>{{1, 5}, {2, 7}, {3, 8}, {4, 9}, {6, 0}});
  CHECK(stored.coverage(set_of({{1, 5}})) == doctest::Approx(1.0));  // a router names a few
  CHECK(stored.coverage(set_of({{1, 5}, {2, 7}, {3, 8}, {4, 9}, {7, 7}})) ==
        doctest::Approx(0.8));                                        // the thesis's 80 %
  CHECK(stored.coverage(set_of({{1, 5}, {7, 7}, {8, 8}})) == doctest::Approx(1.0 / 3.0));
  CHECK(stored.coverage(FlowSet{}) == 0.0);
  CHECK(Situation{}.coverage(set_of({{1, 5}})) == 0.0);
}

TEST_CASE("a situation grows by merging what routers name, as far as it fits") {
  Situation s;
  s = s.merged(set_of({{1, 5}, {2, 7}}));
  s = s.merged(set_of({{2, 7}, {3, 8}}));
  CHECK(s == Situation::of(std::vector<Flow>{{1, 5}, {2, 7}, {3, 8}}));
  for (std::uint16_t i = 0; i < 40; ++i) s = s.merged(set_of({{i, 100}}));
  CHECK(s.size() == Situation::kCapacity);
  CHECK(s.contains({1, 5}));  // what it knew stays
  CHECK(set_of({{1, 5}, {2, 7}}).without({1, 5}) == set_of({{2, 7}}));
}

TEST_CASE("main contributors: the thesis's Fig. 3.13, 50 % and 30 % of the queue") {
  const net::Mesh mesh({4, 4});
  net::prdrb::PrDrbParams p;
  const net::prdrb::ContentionDetector detector(mesh, p);
  net::prdrb::OutputRegister reg;
  // Eight grants during the wait: 4 of 1->5, 3 of 2->7, 1 of 3->4; then the waiting 1->5.
  const std::vector<Flow> grants = {{1, 5}, {2, 7}, {1, 5}, {3, 4}, {2, 7}, {1, 5}, {2, 7}, {1, 5}};
  for (std::uint32_t i = 0; i < grants.size(); ++i) {
    reg.recent[i] = {grants[i].src, grants[i].dst, 100 + i};
  }
  reg.count = 8;
  reg.next = 0;
  // 1->5: 5 of 9 packets (56 %), then 2->7 (33 %): 89 % >= 80 %; 3->4 is left out.
  CHECK(detector.contributors(reg, {1, 5}, 100) == set_of({{1, 5}, {2, 7}}));
  // Only grants during the wait count: from cycle 104 on, 1->5 (2 + the waiting one), 2->7 (2).
  CHECK(detector.contributors(reg, {1, 5}, 104) == set_of({{1, 5}, {2, 7}}));
  // A share of 0.5 is covered by the first flow alone.
  p.contributor_share = 0.5;
  const net::prdrb::ContentionDetector half(mesh, p);
  CHECK(half.contributors(reg, {1, 5}, 100) == set_of({{1, 5}}));
  // At most max_flows flows, even when the share is not covered.
  p.contributor_share = 1.0;
  p.max_flows = 2;
  const net::prdrb::ContentionDetector two(mesh, p);
  CHECK(two.contributors(reg, {1, 5}, 100).size() == 2);
  // Nobody else took the output: the waiting packet alone.
  CHECK(detector.contributors(net::prdrb::OutputRegister{}, {9, 3}, 0) == set_of({{9, 3}}));
}

TEST_CASE("the solution database matches by destination and coverage, best score first") {
  SolutionDatabase db;
  const Situation a = situation({{1, 9}, {2, 9}, {3, 9}, {4, 9}, {5, 9}});
  const Situation b = situation({{5, 6}, {7, 6}});
  CHECK(db.save(9, a, paths(3, 40), 55.0, 0.8, 8) == SolutionDatabase::SaveOutcome::kInserted);
  CHECK(db.save(9, b, paths(2, 30), 52.0, 0.8, 8) == SolutionDatabase::SaveOutcome::kInserted);
  CHECK(db.size() == 2);
  CHECK(db.match(9, situation({{2, 9}}), 0.8) == 0u);
  CHECK(db.match(9, situation({{7, 6}}), 0.8) == 1u);
  CHECK_FALSE(db.match(7, a, 0.8).has_value());  // another destination of the source
  const Situation four_of_five = situation({{1, 9}, {2, 9}, {3, 9}, {4, 9}, {8, 9}});
  CHECK(db.match(9, four_of_five, 0.8) == 0u);
  CHECK_FALSE(db.match(9, four_of_five, 0.9).has_value());
  CHECK_FALSE(db.match(9, situation({{8, 8}}), 0.8).has_value());
}

TEST_CASE("saving: a matching entry learns the flows; its paths change only for a better one") {
  SolutionDatabase db;
  db.save(9, situation({{1, 9}, {2, 9}}), paths(3, 40), 55.0, 0.8, 8);
  // The same situation seen through other flows (one shared): merged, paths kept (worse).
  CHECK(db.save(9, situation({{2, 9}, {3, 9}}), paths(2, 40), 57.0, 0.8, 8) ==
        SolutionDatabase::SaveOutcome::kKept);
  REQUIRE(db.size() == 1);
  CHECK(db.entries()[0].situation == situation({{1, 9}, {2, 9}, {3, 9}}));
  CHECK(db.entries()[0].paths.width == 3);
  CHECK(db.save(9, situation({{3, 9}}), paths(2, 40), 51.0, 0.8, 8) ==
        SolutionDatabase::SaveOutcome::kReplaced);
  CHECK(db.entries()[0].paths.width == 2);
  CHECK(db.save(9, situation({{1, 9}}), paths(4, 40), 58.0, 0.8, 8, /*replace_stale=*/true) ==
        SolutionDatabase::SaveOutcome::kReplaced);
  CHECK(db.entries()[0].paths.width == 4);
  // A situation sharing no flow is another entry.
  CHECK(db.save(9, situation({{6, 9}}), paths(2, 40), 50.0, 0.8, 8) ==
        SolutionDatabase::SaveOutcome::kInserted);
  CHECK(db.size() == 2);
}

TEST_CASE("a full database drops its least recently used solution") {
  SolutionDatabase db;
  const Situation s0 = situation({{0, 1}}), s1 = situation({{0, 2}}), s2 = situation({{0, 3}});
  db.save(1, s0, paths(2, 10), 50, 0.8, 2);
  db.save(1, s1, paths(2, 10), 50, 0.8, 2);
  db.use(*db.match(1, s0, 0.8));  // s0 used after s1 was saved: s1 is the oldest
  CHECK(db.save(1, s2, paths(2, 10), 50, 0.8, 2) ==
        SolutionDatabase::SaveOutcome::kEvictedAndInserted);
  CHECK(db.size() == 2);
  CHECK(db.match(1, s0, 0.8).has_value());
  CHECK_FALSE(db.match(1, s1, 0.8).has_value());
  CHECK(db.match(1, s2, 0.8).has_value());
  CHECK(db.entries()[*db.match(1, s0, 0.8)].uses == 1);
}

TEST_CASE("copy on write: a saved copy keeps its solutions while the live database changes") {
  SolutionDatabase live;
  const Situation a = situation({{0, 9}}), b = situation({{0, 8}});
  live.save(9, a, paths(2, 10), 50, 0.8, 8);
  const SolutionDatabase saved = live;  // the kernel's state save: shares the block
  CHECK(saved == live);
  live.use(0);                           // a re-application after the save
  live.save(8, b, paths(3, 10), 50, 0.8, 8);
  CHECK(live.size() == 2);
  CHECK(saved.size() == 1);
  CHECK(saved.entries()[0].uses == 0);
  CHECK_FALSE(saved == live);
  live = saved;                          // a rollback restores it
  CHECK(live == saved);
  CHECK(live.size() == 1);
  live.use(0);                           // and changing it again leaves the saved copy alone
  CHECK(saved.entries()[0].uses == 0);
}

TEST_CASE("bad PR-DRB parameters are configuration errors naming the key") {
  const net::Mesh mesh({4, 4});
  const auto fails_with = [&](net::prdrb::PrDrbParams p, const char* key) {
    CAPTURE(key);
    try {
      p.validate(mesh);
      FAIL("no error");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == key);
    }
  };
  net::prdrb::PrDrbParams p;
  CHECK_NOTHROW(p.validate(mesh));
  p.similarity = 0.0;
  fails_with(p, "prdrb.similarity");
  p.similarity = 1.5;
  fails_with(p, "prdrb.similarity");
  p = {};
  p.database_size = 0;
  fails_with(p, "prdrb.database_size");
  p = {};
  p.max_flows = 6;
  fails_with(p, "prdrb.max_flows");
  p = {};
  p.contributor_share = 0;
  fails_with(p, "prdrb.contributor_share");
  p = {};
  p.stale_acks = 0;
  fails_with(p, "prdrb.stale_acks");
  p = {};
  p.drb.max_width = 9;
  fails_with(p, "drb.max_width");
  p = {};
  p.watchdog = 50;
  CHECK_THROWS_AS(p.validate_watchdog(80.0), pdes::ConfigError);
  CHECK_NOTHROW(p.validate_watchdog(40.0));
}
