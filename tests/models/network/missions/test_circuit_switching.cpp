// SPDX-License-Identifier: Apache-2.0
// Circuit switching at message level (adapter.switching = "circuit"): a message holds its whole
// e-cube path for its length, set up out of band in no time, never buffered; waiting messages
// go in policy order when their whole path is free.
#include <doctest/doctest.h>

#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;
using net::missions::testing::mission_of;

using namespace net::missions;
using net::missions::testing::arrivals;
using net::missions::testing::listed;
using net::missions::testing::run_cube;


namespace {
net::NetworkParams cs(std::uint32_t n, const std::string& policy = "fifo") {
  return net::missions::testing::adapter_cube(n, policy, "circuit", "ecube");
}
}  // namespace

TEST_CASE("a circuit carries a message over its whole path in length cycles") {
  const auto a = arrivals(run_cube(cs(3), listed(8, {{0, {{1, 7, 5, 0}}}})));
  CHECK(a.at({0, 0}) == 6);
}

TEST_CASE("a circuit waits until every link of its path is free; the policy orders them") {
  // A: 0 -> 3 (4 units, links 0-1 and 1-3); B: 1 -> 3 (2 units, link 1-3); both at cycle 1.
  const auto work = [] { return listed(4, {{0, {{1, 3, 4, 0}}}, {1, {{1, 3, 2, 0}}}}); };
  SUBCASE("fifo: A (lower source) first, B when 1-3 frees") {
    const auto a = arrivals(run_cube(cs(2, "fifo"), work()));
    CHECK(a.at({0, 0}) == 5);
    CHECK(a.at({1, 0}) == 7);
  }
  SUBCASE("sf: B first; A cannot hold 0-1 while it waits for 1-3") {
    const auto a = arrivals(run_cube(cs(2, "sf"), work()));
    CHECK(a.at({1, 0}) == 3);
    CHECK(a.at({0, 0}) == 7);
  }
}

TEST_CASE("circuit missions are rollback-safe") {
  net::missions::testing::check_missions_rollback_safe(cs(4, "lbf"));
}

namespace {
net::NetworkParams cs_setup(const std::string& rule, const std::string& policy = "fifo") {
  auto p = cs(2, policy);
  adapter_of(p).circuit_setup = rule;
  return p;
}
}  // namespace

TEST_CASE("adapter.circuit_setup: global, per-source queues, and hop-by-hop set-up") {
  // Q2. B: 1 -> 3 (2 units, link 1-3) at cycle 1. At cycle 2: A: 0 -> 3 (4 units, links 0-1
  // and 1-3), then C: 0 -> 1 (1 unit, link 0-1) from node 0, and D: 1 -> 0 (1 unit, link 0-1).
  const auto work = [] {
    return listed(4, {{0, {{2, 3, 4, 0}, {2, 1, 1, 0}}}, {1, {{1, 3, 2, 0}, {2, 0, 1, 0}}}});
  };
  // (src, id): A (0, 0), C (0, 1), B (1, 0), D (1, 1).
  SUBCASE("global: C and D pass A, which waits for its whole path holding nothing") {
    const auto a = arrivals(run_cube(cs_setup("global"), work()));
    CHECK(a.at({1, 0}) == 3);
    CHECK(a.at({0, 0}) == 7);
    CHECK(a.at({0, 1}) == 3);  // C goes at 2 over the free 0-1
    CHECK(a.at({1, 1}) == 8);  // D waits for 0-1 behind A's circuit (3..7)
  }
  SUBCASE("source: the sources take turns, one message per round: A fails, D goes, and C, "
          "node 0's second, finds 0-1 taken") {
    const auto a = arrivals(run_cube(cs_setup("source"), work()));
    CHECK(a.at({0, 0}) == 7);
    CHECK(a.at({0, 1}) == 8);
    CHECK(a.at({1, 1}) == 3);
  }
  SUBCASE("source_head: C waits behind A, the head of node 0's queue for 0-1; D, the other "
          "end's head, goes") {
    const auto a = arrivals(run_cube(cs_setup("source_head"), work()));
    CHECK(a.at({0, 0}) == 7);
    CHECK(a.at({0, 1}) == 8);
    CHECK(a.at({1, 1}) == 3);
  }
  SUBCASE("source, sf: node 0 tries C (shorter) before A; C and D, the two ends' first "
          "choices, meet on 0-1 in a random order, and one of them goes at 2") {
    const auto a = arrivals(run_cube(cs_setup("source", "sf"), work()));
    CHECK((a.at({0, 1}) == 3) != (a.at({1, 1}) == 3));
    CHECK(a.at({1, 0}) == 3);
  }
  SUBCASE("hop_by_hop: A takes 0-1 at 2 and holds it while it waits for 1-3") {
    const auto a = arrivals(run_cube(cs_setup("hop_by_hop"), work()));
    CHECK(a.at({1, 0}) == 3);
    CHECK(a.at({0, 0}) == 7);  // set up at 3, when 1-3 frees
    CHECK(a.at({0, 1}) == 8);  // C and D both wait for 0-1 until 7; fifo: node 0 first
    CHECK(a.at({1, 1}) == 9);
  }
  SUBCASE("hop_by_hop, heads: the two ends of 0-1 first come first served, ties to the owner") {
    auto p = cs_setup("hop_by_hop", "lf");
    adapter_of(p).arbitration = "heads";
    const auto a = arrivals(run_cube(p, work()));
    CHECK(a.at({0, 0}) == 7);
    CHECK(a.at({0, 1}) == 8);
    CHECK(a.at({1, 1}) == 9);
  }
}

TEST_CASE("source-ordered and hop-by-hop circuits: no deadlock, delivered once, rollback-safe") {
  for (const std::string rule : {"source", "source_head", "hop_by_hop"}) {
    CAPTURE(rule);
    auto p = cs(4, "lbf");
    adapter_of(p).circuit_setup = rule;
    net::missions::testing::check_missions_rollback_safe(p);
  }
}

TEST_CASE("the sorted pass (e-cube, no age weight) starts the same circuits as the general one") {
  // A tiny age weight takes the general pass (decide, decide_at_sources) without changing the
  // order: priorities differ by whole cycles, and among equal ones the older message goes
  // first either way.
  for (const std::string rule : {"global", "source"}) {
    for (const std::string policy : {"fifo", "sf", "nf", "lbf"}) {
      CAPTURE(rule);
      CAPTURE(policy);
      auto p = cs(4, policy);
      adapter_of(p).circuit_setup = rule;
      mission_of(p).count = 3;
      mission_of(p).period = 1000;
      const auto sorted = run_cube(p);
      adapter_of(p).age_weight = 1e-9;
      const auto general = run_cube(p);
      CHECK(sorted.sink.delivered.size() > 500);
      CHECK(arrivals(sorted) == arrivals(general));
      CHECK(sorted.result.total.event_digest == general.result.total.event_digest);
    }
  }
}
