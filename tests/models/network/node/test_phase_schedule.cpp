// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/phase_schedule.hpp"

#include <doctest/doctest.h>

#include "models/network/node/traffic_phase.hpp"
#include "pdes/error.hpp"

using net::PhaseSchedule;
using net::PhaseSegment;

TEST_CASE("phases run back to back from cycle 0 and repeat") {
  const PhaseSchedule s({1000, 500}, 2);
  CHECK(s.num_phases() == 2);
  CHECK(s.end() == 3000);
  CHECK(s.segment_at(0) == PhaseSegment{0, 0, 1000});
  CHECK(s.segment_at(999) == PhaseSegment{0, 0, 1000});
  CHECK(s.segment_at(1000) == PhaseSegment{1, 1000, 1500});
  CHECK(s.segment_at(1499) == PhaseSegment{1, 1000, 1500});
  CHECK(s.segment_at(1500) == PhaseSegment{0, 1500, 2500});
  CHECK(s.segment_at(2999) == PhaseSegment{1, 2500, 3000});
  CHECK_FALSE(s.segment_at(3000).has_value());
}

TEST_CASE("phases repeated forever never end") {
  const PhaseSchedule s({3, 1, 2}, net::kRepeatForever);
  CHECK(s.end() == PhaseSchedule::kNever);
  CHECK(s.segment_at(6 * 1'000'000 + 3) == PhaseSegment{1, 6'000'003, 6'000'004});
  CHECK(s.segment_at(6 * 1'000'000 + 5) == PhaseSegment{2, 6'000'004, 6'000'006});
}

TEST_CASE("steady traffic is one phase without end") {
  const PhaseSchedule s = PhaseSchedule::steady();
  CHECK(s.num_phases() == 1);
  CHECK(s.segment_at(123456789) == PhaseSegment{0, 0, PhaseSchedule::kNever});
}

TEST_CASE("bad schedules are ConfigErrors naming the key") {
  SUBCASE("no phases") { CHECK_THROWS_AS(PhaseSchedule({}, 1), pdes::ConfigError); }
  SUBCASE("a phase of zero cycles") {
    try {
      PhaseSchedule({10, 0}, 1);
      FAIL("no error");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "traffic.phases");
    }
  }
  SUBCASE("too many repetitions") {
    try {
      PhaseSchedule({std::uint64_t{1} << 40}, std::uint64_t{1} << 30);
      FAIL("no error");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "traffic.phases_repeat");
    }
  }
}
