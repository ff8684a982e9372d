// SPDX-License-Identifier: Apache-2.0
// Virtual cut-through at message level (adapter.switching = "vct"): the header runs ahead when
// the links are free, a blocked message is buffered and may go only once received whole.
#include <doctest/doctest.h>

#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;

using namespace net::missions;
using net::missions::testing::arrivals;
using net::missions::testing::listed;
using net::missions::testing::run_cube;


namespace {
net::NetworkParams vct(std::uint32_t n, const std::string& policy = "fifo") {
  return net::missions::testing::adapter_cube(n, policy, "vct", "ecube");
}
}  // namespace

TEST_CASE("a lone message cuts through every hop: it arrives length cycles after release") {
  const auto a = arrivals(run_cube(vct(3), listed(8, {{0, {{1, 7, 5, 0}}}})));
  CHECK(a.at({0, 0}) == 6);
  const auto ms = arrivals(run_cube(net::missions::testing::cube(3), listed(8, {{0, {{1, 7, 5, 0}}}})));
  CHECK(ms.at({0, 0}) == 16);
}

TEST_CASE("a blocked message is buffered and goes once received whole") {
  // A: 0 -> 3, 6 units; B: 1 -> 3, 2 units, both at cycle 1. B holds link 1-3 over 1..3; A's
  // header meets it at node 1 and A is buffered: whole at 7, it crosses 1-3 over 7..13.
  const auto a = arrivals(run_cube(vct(2), listed(4, {{0, {{1, 3, 6, 0}}}, {1, {{1, 3, 2, 0}}}})));
  CHECK(a.at({1, 0}) == 3);
  CHECK(a.at({0, 0}) == 13);
}

TEST_CASE("a cut-through message waits behind a message already whole and waiting") {
  // A: 0 -> 3 (4 units) cuts through node 1 at cycle 1 only if nothing waits for link 1-3 there.
  // C: 2 -> 3 is unrelated; B: 1 -> 3 (3 units) released at cycle 1 too gets the link first (it
  // is decided in the decision phase, before A's header arrives): A buffered, whole at 5, goes
  // at 5 (B done at 4) and arrives at 9.
  const auto a = arrivals(run_cube(vct(2), listed(4, {{0, {{1, 3, 4, 0}}}, {1, {{1, 3, 3, 0}}}})));
  CHECK(a.at({1, 0}) == 4);
  CHECK(a.at({0, 0}) == 9);
}

TEST_CASE("VCT missions are rollback-safe and never slower than message switching on average") {
  net::missions::testing::check_missions_rollback_safe(vct(4, "lbf"));
}
