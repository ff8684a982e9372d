// SPDX-License-Identifier: Apache-2.0
#include "pdes/sim_time.hpp"

#include <doctest/doctest.h>

#include "pdes/internal/event.hpp"

using pdes::SimTime;

TEST_CASE("SimTime is an ordered integer count of ticks") {
  constexpr SimTime a{5};
  constexpr SimTime b{7};
  CHECK(a < b);
  CHECK((a + b).ticks() == 12);
  CHECK((b - a).ticks() == 2);
  SimTime c = a;
  c += b;
  CHECK(c == SimTime{12});
  CHECK(SimTime::zero().ticks() == 0);
  CHECK(SimTime{std::numeric_limits<std::int64_t>::max() - 1} < SimTime::max());
  static_assert(sizeof(SimTime) == 8);
}

TEST_CASE("the event order is (receive time, sender, sender sequence)") {
  using pdes::LpId;
  using pdes::internal::EventKey;
  const EventKey base{SimTime{10}, LpId{3}, 5};
  SUBCASE("time first") {
    CHECK(EventKey{SimTime{9}, LpId{99}, 99} < base);
    CHECK(base < EventKey{SimTime{11}, LpId{0}, 0});
  }
  SUBCASE("then sender") {
    CHECK(EventKey{SimTime{10}, LpId{2}, 99} < base);
    CHECK(base < EventKey{SimTime{10}, LpId{4}, 0});
  }
  SUBCASE("then sequence") {
    CHECK(EventKey{SimTime{10}, LpId{3}, 4} < base);
    CHECK(base < EventKey{SimTime{10}, LpId{3}, 6});
  }
  CHECK(base == EventKey{SimTime{10}, LpId{3}, 5});
}
