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
  auto p = net::missions::testing::cube(n, policy);
  adapter_of(p).switching = "circuit";
  return p;
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
  auto p = cs(4, "lbf");
  mission_of(p).count = 3;
  mission_of(p).period = 1000;
  const auto plain = run_cube(p);
  net::testing::check_delivered_exactly_once(plain, net::testing::HopRule::kMinimal, 500);
  const auto checked = run_cube(p, nullptr, pdes::EngineKind::rollback_check);
  CHECK(arrivals(checked) == arrivals(plain));
}
