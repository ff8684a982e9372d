// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/metapath.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "pdes/error.hpp"

using net::drb::Metapath;
using net::drb::Msp;
using net::drb::NewMspLatency;
using net::drb::ZeroLoadLatency;

namespace {

// Zero-load latency 10 + 5 h: canonical (5 hops) 35, the 7-hop alternative 45.
const ZeroLoadLatency kZeroLoad{10.0, 5.0};
const std::vector<Msp> kCandidates{{0, 19, 5}, {0, 18, 5}, {8, 11, 5}, {7, 20, 7}};

}  // namespace

TEST_CASE("a fresh metapath: canonical latency, zero-load records, eq. [6]-[8]") {
  const Metapath m(kCandidates, 1, kZeroLoad);
  CHECK(m.width() == 1);
  CHECK(m.num_candidates() == 4);
  CHECK(m.canonical_latency() == doctest::Approx(35.0));
  CHECK(m.record(3).latency == doctest::Approx(45.0));
  CHECK(m.latency() == doctest::Approx(35.0));
  CHECK(m.bandwidth() == doctest::Approx(1.0 / 35.0));
  CHECK(m.length() == doctest::Approx(5.0));
  CHECK_FALSE(m.all_open_reported());
  // The initial width is clamped to the candidates.
  CHECK(Metapath(kCandidates, 9, kZeroLoad).width() == 4);
}

TEST_CASE("Latency(P*) combines the open MSPs like parallel resistors (eq. [7])") {
  Metapath m(kCandidates, 3, kZeroLoad);
  CHECK(m.record_latency(0, 20.0));
  CHECK(m.record_latency(1, 30.0));
  CHECK(m.record_latency(2, 60.0));
  // 1 / (1/20 + 1/30 + 1/60) = 10.
  CHECK(m.latency() == doctest::Approx(10.0));
  CHECK(m.bandwidth() == doctest::Approx(0.1));  // eq. [8]
  CHECK(m.length() == doctest::Approx(5.0));     // eq. [6]
  CHECK(m.all_open_reported());
  CHECK(m.record(1).acks == 1);
  // The record is the last value reported (the paper's MSP_Latencies array is overwritten).
  CHECK(m.record_latency(1, 90.0));
  CHECK(m.record(1).latency == 90.0);
  CHECK(m.record(1).acks == 2);
}

TEST_CASE("an ACK for a closed MSP changes nothing") {
  Metapath m(kCandidates, 2, kZeroLoad);
  const Metapath before = m;
  CHECK_FALSE(m.record_latency(2, 99.0));
  CHECK_FALSE(m.record_latency(7, 99.0));
  CHECK(m == before);
  REQUIRE_THROWS_AS(m.record_latency(0, 0.0), pdes::InvariantError);
}

TEST_CASE("widening opens the next candidates in order; narrowing closes the last opened") {
  SUBCASE("mean_active: a new MSP starts as loaded as the open ones") {
    Metapath m(kCandidates, 2, kZeroLoad);
    m.record_latency(0, 100.0);
    m.record_latency(1, 60.0);
    m.widen(4, NewMspLatency::kMeanActive, kZeroLoad);
    CHECK(m.width() == 4);
    CHECK(m.record(2).latency == doctest::Approx(80.0));
    CHECK(m.record(3).latency == doctest::Approx(80.0));
    CHECK(m.record(3).acks == 0);
    CHECK_FALSE(m.all_open_reported());
    m.narrow(1);
    CHECK(m.width() == 1);
    CHECK(m.latency() == doctest::Approx(100.0));
  }
  SUBCASE("zero_load: a new MSP starts at its zero-load latency, even after a stale record") {
    Metapath m(kCandidates, 4, kZeroLoad);
    m.record_latency(3, 500.0);
    m.narrow(1);
    m.widen(4, NewMspLatency::kZeroLoad, kZeroLoad);
    CHECK(m.record(3).latency == doctest::Approx(45.0));
    CHECK(m.record(3).acks == 0);
  }
  SUBCASE("out-of-range widths are invariant violations") {
    Metapath m(kCandidates, 2, kZeroLoad);
    REQUIRE_THROWS_AS(m.widen(2, NewMspLatency::kZeroLoad, kZeroLoad), pdes::InvariantError);
    REQUIRE_THROWS_AS(m.widen(5, NewMspLatency::kZeroLoad, kZeroLoad), pdes::InvariantError);
    REQUIRE_THROWS_AS(m.narrow(0), pdes::InvariantError);
    REQUIRE_THROWS_AS(m.narrow(2), pdes::InvariantError);
  }
}

TEST_CASE("Metapath is a regular value type: copies compare equal and are independent") {
  Metapath a(kCandidates, 2, kZeroLoad);
  a.record_latency(1, 42.0);
  Metapath b = a;
  CHECK(b == a);
  b.record_latency(0, 43.0);
  CHECK_FALSE(b == a);
  CHECK(a.record(0).latency == doctest::Approx(35.0));
  b = a;  // a rollback restores the saved copy
  CHECK(b == a);
  CHECK(Metapath() == Metapath());
}
