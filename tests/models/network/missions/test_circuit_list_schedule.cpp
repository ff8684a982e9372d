// SPDX-License-Identifier: Apache-2.0
// CircuitListSchedule (circuit_list_schedule.hpp): backfilled circuit list schedules, worked
// out by hand.
#include <doctest/doctest.h>

#include <vector>

#include "models/network/missions/circuit_list_schedule.hpp"

using namespace net::missions;

TEST_CASE("a circuit fills the gap a waiting circuit leaves on its other link") {
  // Q2 links: 0 = node 0 dim 0 (0-1), 3 = node 1 dim 1 (1-3). X = 1 -> 3 holds 1-3 over 0..5;
  // A = 0 -> 3 needs 0-1 and 1-3: 5..10; Y = 0 -> 1 (0-1), placed after A in the order, still
  // takes 0-1 over 0..5, before A: makespan 10 (appending Y after A would give 15).
  const std::vector<ScheduledMessage> m{{1, 3, 5, 0}, {0, 3, 5, 0}, {0, 1, 5, 0}};
  const std::vector<std::vector<std::uint32_t>> links{{3}, {0, 3}, {0}};
  const CircuitListSchedule s(m, links, 8);
  const std::vector<std::size_t> order{0, 1, 2};
  CHECK(s.makespan(order) == 10);
  CHECK(s.best(50, 1) == 10);
  // Releases are respected: Y released at 3 cannot start before 3 and no longer fits before A.
  const std::vector<ScheduledMessage> late{{1, 3, 5, 0}, {0, 3, 5, 0}, {0, 1, 5, 3}};
  CHECK(CircuitListSchedule(late, links, 8).makespan(order) == 15);
}
