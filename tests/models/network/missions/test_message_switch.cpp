// SPDX-License-Identifier: Apache-2.0
// MessageSwitchLp: store-and-forward timing, e-cube paths, half- vs full-duplex links, the
// records, and rollback safety (rollback-check engine).
#include <doctest/doctest.h>

#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;
using net::missions::testing::mission_of;

using namespace net::missions;
using net::missions::testing::arrivals;
using net::missions::testing::cube;
using net::missions::testing::listed;
using net::missions::testing::run_cube;

TEST_CASE("a lone message takes length cycles per hop, e-cube") {
  const auto run = run_cube(cube(3), listed(8, {{0, {{1, 7, 5, 0}}}}));
  CHECK(run.result.reason == pdes::TerminationReason::no_more_events);
  REQUIRE(run.sink.delivered.size() == 1);
  const net::PacketDelivered& d = run.sink.delivered[0];
  CHECK(d.delivered / testing::kCycle == 1 + 3 * 5);
  CHECK(d.hops == 4);  // routers: 0, 1, 3, 7
  CHECK(d.min_hops == 4);
  CHECK(d.blocked_cycles == 0);
}

TEST_CASE("a half-duplex link carries one message at a time, either way") {
  const auto work = [] { return listed(4, {{0, {{1, 1, 5, 0}}}, {1, {{1, 0, 5, 0}}}}); };
  SUBCASE("half duplex: one after the other (node 0 first: same cycle, lower source)") {
    const auto a = arrivals(run_cube(cube(2, "fifo", "half_duplex"), work()));
    CHECK(a.at({0, 0}) == 6);
    CHECK(a.at({1, 0}) == 11);
  }
  SUBCASE("full duplex: both at once") {
    const auto a = arrivals(run_cube(cube(2, "fifo", "full_duplex"), work()));
    CHECK(a.at({0, 0}) == 6);
    CHECK(a.at({1, 0}) == 6);
  }
}

TEST_CASE("all n links of a node send at once (SPIDER)") {
  const auto a = arrivals(
      run_cube(cube(3), listed(8, {{0, {{1, 1, 4, 0}, {1, 2, 4, 0}, {1, 4, 4, 0}}}})));
  CHECK(a.at({0, 0}) == 5);
  CHECK(a.at({0, 1}) == 5);
  CHECK(a.at({0, 2}) == 5);
}

TEST_CASE("the message-level model is rollback-safe and gives the same arrivals") {
  auto p = cube(4, "lbf");
  mission_of(p).count = 3;
  mission_of(p).period = 1000;
  const auto plain = run_cube(p);
  const auto checked = run_cube(p, nullptr, pdes::EngineKind::rollback_check);
  CHECK(plain.sink.delivered.size() > 500);
  CHECK(arrivals(checked) == arrivals(plain));
}

