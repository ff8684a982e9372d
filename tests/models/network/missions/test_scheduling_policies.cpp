// SPDX-License-Identifier: Apache-2.0
// The seven scheduling policies of Tsai & Shin §3.1: their priority values, the registry, and
// the order in which a link serves hand-made queues (schedules worked out by hand).
#include <doctest/doctest.h>

#include "models/network/missions/policy_registry.hpp"
#include "tests/models/network/missions/mission_run.hpp"

using namespace net::missions;
using net::missions::testing::arrivals;
using net::missions::testing::cube;
using net::missions::testing::listed;
using net::missions::testing::run_cube;

TEST_CASE("policy priorities: smaller goes first") {
  PolicyRegistry r;
  register_policies(r);
  CHECK(r.names() == std::vector<std::string>{"fifo", "sf", "lf", "nf", "ff", "sbf", "lbf"});
  auto p = [&](const char* name, std::int64_t l, std::int64_t h) {
    return r.create(name)->priority(l, h);
  };
  CHECK(p("fifo", 3, 2) == p("fifo", 9, 1));
  CHECK(p("sf", 3, 2) < p("sf", 9, 1));
  CHECK(p("lf", 9, 1) < p("lf", 3, 2));
  CHECK(p("nf", 9, 1) < p("nf", 3, 2));
  CHECK(p("ff", 3, 2) < p("ff", 9, 1));
  CHECK(p("sbf", 4, 2) < p("sbf", 3, 3));   // RBR 8 before 9
  CHECK(p("lbf", 3, 3) < p("lbf", 4, 2));   // RBR 9 before 8
  CHECK_THROWS_AS(r.create("edf"), pdes::ConfigError);
}

// Node 0 of Q2 sends three messages over the link of dimension 0 (to node 1), all released at
// cycle 1: lengths 3, 7, 5. The link serves one at a time, store-and-forward.
TEST_CASE("sf, lf and fifo order messages of different lengths on one link") {
  const auto work = [] {
    return listed(4, {{0, {{1, 1, 3, 0}, {1, 1, 7, 0}, {1, 1, 5, 0}}}});
  };
  SUBCASE("fifo: release order (ties: message id)") {
    const auto a = arrivals(run_cube(cube(2, "fifo"), work()));
    CHECK(a.at({0, 0}) == 4);
    CHECK(a.at({0, 1}) == 11);
    CHECK(a.at({0, 2}) == 16);
  }
  SUBCASE("sf: 3, 5, 7") {
    const auto a = arrivals(run_cube(cube(2, "sf"), work()));
    CHECK(a.at({0, 0}) == 4);
    CHECK(a.at({0, 2}) == 9);
    CHECK(a.at({0, 1}) == 16);
  }
  SUBCASE("lf: 7, 5, 3") {
    const auto a = arrivals(run_cube(cube(2, "lf"), work()));
    CHECK(a.at({0, 1}) == 8);
    CHECK(a.at({0, 2}) == 13);
    CHECK(a.at({0, 0}) == 16);
  }
}

// Node 0 sends 4 units to node 1 (distance 1) and 4 units to node 3 (distance 2, e-cube through
// node 1): both want link 0-1 first.
TEST_CASE("nf and ff order by the remaining Hamming distance") {
  const auto work = [] { return listed(4, {{0, {{1, 1, 4, 0}, {1, 3, 4, 0}}}}); };
  SUBCASE("nf: the near one first") {
    const auto a = arrivals(run_cube(cube(2, "nf"), work()));
    CHECK(a.at({0, 0}) == 5);
    CHECK(a.at({0, 1}) == 13);  // 5..9 on 0-1, 9..13 on 1-3
  }
  SUBCASE("ff: the far one first") {
    const auto a = arrivals(run_cube(cube(2, "ff"), work()));
    CHECK(a.at({0, 1}) == 9);  // 1..5, 5..9
    CHECK(a.at({0, 0}) == 9);  // 5..9 on 0-1 while the other crosses 1-3
  }
}

// A: 6 units to node 1 (RBR 6); B: 4 units to node 3 (RBR 8).
TEST_CASE("sbf and lbf order by length x remaining distance") {
  const auto work = [] { return listed(4, {{0, {{1, 1, 6, 0}, {1, 3, 4, 0}}}}); };
  SUBCASE("lbf: B first") {
    const auto a = arrivals(run_cube(cube(2, "lbf"), work()));
    CHECK(a.at({0, 1}) == 9);   // 1..5, 5..9
    CHECK(a.at({0, 0}) == 11);  // 5..11
  }
  SUBCASE("sbf: A first") {
    const auto a = arrivals(run_cube(cube(2, "sbf"), work()));
    CHECK(a.at({0, 0}) == 7);   // 1..7
    CHECK(a.at({0, 1}) == 15);  // 7..11, 11..15
  }
}

// RBR is recomputed at each node: at node 1, a message that has one hop left competes with its
// remaining distance, not the one it started with.
TEST_CASE("lbf recomputes the remaining bandwidth requirement at every node") {
  // Node 0 -> 3 (length 5, RBR 10 at node 0, 5 at node 1); node 1 -> 3 (length 6, RBR 6).
  // Both meet at link 1-3 at cycle 6 if the second is released at 6: 6 > 5, it goes first.
  const auto a = arrivals(
      run_cube(cube(2, "lbf"), listed(4, {{0, {{1, 3, 5, 0}}}, {1, {{6, 3, 6, 0}}}})));
  CHECK(a.at({1, 0}) == 12);  // 6..12
  CHECK(a.at({0, 0}) == 17);  // at node 1 from 6, 12..17
}
