// SPDX-License-Identifier: Apache-2.0
// PaSwitchLp: Progressive Adaptive routing (§3.2) — the lowest free needed dimension, one queue
// per node, half-duplex arbitration between the two ends, and rollback safety.
#include <doctest/doctest.h>

#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;
using net::missions::testing::mission_of;

using namespace net::missions;
using net::missions::testing::arrivals;
using net::missions::testing::listed;
using net::missions::testing::run_cube;


namespace {
net::NetworkParams pa(std::uint32_t n, const std::string& policy = "fifo",
                      const std::string& links = "half_duplex") {
  return net::missions::testing::adapter_cube(n, policy, "message", "pa", links);
}
}  // namespace

TEST_CASE("PA takes the next lowest needed dimension when the lowest is busy") {
  // Two messages 0 -> 3 of 4 units: e-cube queues both on 0-1; PA sends the second via node 2.
  const auto work = [] { return listed(4, {{0, {{1, 3, 4, 0}, {1, 3, 4, 0}}}}); };
  const auto ecube = arrivals(run_cube(net::missions::testing::cube(2), work()));
  CHECK(ecube.at({0, 0}) == 9);
  CHECK(ecube.at({0, 1}) == 13);
  const auto run = run_cube(pa(2), work());
  CHECK(run.result.reason == pdes::TerminationReason::no_more_events);
  const auto a = arrivals(run);
  CHECK(a.at({0, 0}) == 9);
  CHECK(a.at({0, 1}) == 9);
}

TEST_CASE("PA blocks a message when no needed link is free, and serves it when one frees") {
  // Node 0: a 6-unit message to 1 (needs dim 0 only), then a 2-unit one to 1. The second waits
  // in the node queue until cycle 7.
  const auto a = arrivals(run_cube(pa(2), listed(4, {{0, {{1, 1, 6, 0}, {1, 1, 2, 0}}}})));
  CHECK(a.at({0, 0}) == 7);
  CHECK(a.at({0, 1}) == 9);
}

TEST_CASE("PA on a half-duplex link: the two ends' candidates meet in one policy order") {
  // Node 0 -> 1 (3 units) and node 1 -> 0 (6 units), both at cycle 1, both need link 0-1.
  SUBCASE("fifo: same cycle, lower source first") {
    const auto a = arrivals(run_cube(pa(2, "fifo"), listed(4, {{0, {{1, 1, 3, 0}}}, {1, {{1, 0, 6, 0}}}})));
    CHECK(a.at({0, 0}) == 4);
    CHECK(a.at({1, 0}) == 10);
  }
  SUBCASE("lbf: the larger requirement first, from the other end") {
    const auto a = arrivals(run_cube(pa(2, "lbf"), listed(4, {{0, {{1, 1, 3, 0}}}, {1, {{1, 0, 6, 0}}}})));
    CHECK(a.at({1, 0}) == 7);
    CHECK(a.at({0, 0}) == 10);
  }
  SUBCASE("full duplex: both at once") {
    const auto a = arrivals(run_cube(pa(2, "fifo", "full_duplex"),
                                     listed(4, {{0, {{1, 1, 3, 0}}}, {1, {{1, 0, 6, 0}}}})));
    CHECK(a.at({0, 0}) == 4);
    CHECK(a.at({1, 0}) == 7);
  }
}

TEST_CASE("PA: a refused message tries its next dimension in the same cycle") {
  // Node 1 -> 0 (8 units, lbf: RBR 8) wins link 0-1 over node 0 -> 3 (2 units, RBR 4), which
  // then goes by dimension 1 (0 -> 2 -> 3) in the same cycle.
  const auto a = arrivals(run_cube(pa(2, "lbf"), listed(4, {{0, {{1, 3, 2, 0}}}, {1, {{1, 0, 8, 0}}}})));
  CHECK(a.at({1, 0}) == 9);
  CHECK(a.at({0, 0}) == 5);
}

TEST_CASE("PA missions: every message arrives over a minimal path; rollback-safe") {
  net::missions::testing::check_missions_rollback_safe(pa(4, "lbf"));
}

TEST_CASE("DFS takes a detour when its only needed link stays busy long enough") {
  // Node 0 -> 1: A (10 units) holds link 0-1 over 1..11. B (2 units, also to 1) under DFS goes
  // 0 -> 2 -> 3 -> 1 (1..3, 3..5, 5..7); under PA, or DFS with a slack of 10 x 2 cycles, it
  // waits for 0-1 (11..13).
  const auto work = [] { return listed(4, {{0, {{1, 1, 10, 0}, {1, 1, 2, 0}}}}); };
  auto dfs = pa(2);
  adapter_of(dfs).routing = "dfs";
  const auto run = run_cube(dfs, work());
  const auto a = arrivals(run);
  CHECK(a.at({0, 0}) == 11);
  CHECK(a.at({0, 1}) == 7);
  for (const net::PacketDelivered& d : run.sink.delivered) {
    if (d.message == 1) CHECK(d.hops == 4);
  }
  CHECK(arrivals(run_cube(pa(2), work())).at({0, 1}) == 13);
  adapter_of(dfs).dfs_slack = 10.0;
  CHECK(arrivals(run_cube(dfs, work())).at({0, 1}) == 13);
}

TEST_CASE("DFS missions: every message arrives once, within H + 2n hops; rollback-safe") {
  auto p = pa(4, "lbf");
  adapter_of(p).routing = "dfs";
  adapter_of(p).dfs_slack = 0.0;  // detour as often as possible
  mission_of(p).count = 3;
  mission_of(p).period = 2000;
  const auto plain = run_cube(p);
  CHECK(plain.result.reason == pdes::TerminationReason::no_more_events);
  CHECK(plain.sink.delivered.size() == plain.sink.generated.size());
  CHECK(plain.sink.delivered.size() > 500);
  std::size_t detoured = 0;
  for (const net::PacketDelivered& d : plain.sink.delivered) {
    CHECK(d.hops >= d.min_hops);
    CHECK(d.hops - d.min_hops <= 2 * 4);
    CHECK((d.hops - d.min_hops) % 2 == 0);  // every detour is undone
    if (d.hops > d.min_hops) ++detoured;
  }
  CHECK(detoured > 0);
  const auto checked = run_cube(p, nullptr, pdes::EngineKind::rollback_check);
  CHECK(arrivals(checked) == arrivals(plain));
}
