// SPDX-License-Identifier: Apache-2.0
// Unit tests of the saturation search of `warpnet sweep --saturation` (app/sweep_bisection.hpp).
#include <doctest/doctest.h>

#include <vector>

#include "app/sweep_bisection.hpp"

using app::SaturationSearch;
using Status = SaturationSearch::Status;

namespace {

bool near(const std::vector<double>& got, const std::vector<double>& expected) {
  if (got.size() != expected.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] != doctest::Approx(expected[i])) return false;
  }
  return true;
}

/// Runs the search against a network that saturates above `threshold` (accepted throughput:
/// the offered load up to it, the threshold beyond), `count` probes per round; returns rounds.
int search_to_the_end(SaturationSearch& search, double threshold, std::size_t count) {
  int rounds = 0;
  for (auto probes = search.next_probes(count); !probes.empty();
       probes = search.next_probes(count)) {
    for (const double p : probes) search.record(p, p > threshold, p > threshold ? threshold : p);
    ++rounds;
    REQUIRE(rounds < 100);
  }
  return rounds;
}

}  // namespace

TEST_CASE("bisection between an unsaturated and a saturated point") {
  SaturationSearch search(0.005);
  search.record(0.1, false, 0.1);
  search.record(0.5, true, 0.41);
  CHECK(search.status() == Status::searching);
  CHECK(search.low() == 0.1);
  CHECK(search.high() == 0.5);
  CHECK(near(search.next_probes(1), {0.3}));
  CHECK(near(search.next_probes(3), {0.2, 0.3, 0.4}));
  search.record(0.3, false, 0.3);
  CHECK(near(search.next_probes(1), {0.4}));
}

TEST_CASE("the search ends with a bracket no wider than the tolerance around the threshold") {
  for (const std::size_t count : {1U, 2U, 3U}) {
    CAPTURE(count);
    SaturationSearch search(0.005);
    search.record(0.05, false, 0.05);
    search.record(0.5, true, 0.4137);
    const int rounds = search_to_the_end(search, 0.4137, count);
    CHECK(search.status() == Status::found);
    CHECK(search.high() - search.low() <= 0.005);
    CHECK(search.low() <= 0.4137);
    CHECK(search.high() > 0.4137);
    CHECK(search.accepted_at_low() == search.low());
    CHECK(rounds <= 7);  // log2(0.45 / 0.005) ~ 6.5 for bisection, fewer for more probes
  }
}

TEST_CASE("more probes per round need fewer rounds") {
  SaturationSearch one(0.001);
  SaturationSearch three(0.001);
  for (SaturationSearch* s : {&one, &three}) {
    s->record(0.0, false, 0.0);
    s->record(1.0, true, 0.3);
  }
  CHECK(search_to_the_end(three, 0.3, 3) < search_to_the_end(one, 0.3, 1));
}

TEST_CASE("the bracket is taken from every point recorded, grid points included") {
  SaturationSearch search(0.05);
  for (int i = 1; i <= 10; ++i) {
    const double load = 0.05 * i;
    search.record(load, load > 0.42, load);
  }
  CHECK(search.low() == doctest::Approx(0.4));
  CHECK(search.high() == doctest::Approx(0.45));
  CHECK(search.status() == Status::found);
  CHECK(search.next_probes(2).empty());
}

TEST_CASE("a non-monotone result: the lowest saturated point bounds the bracket") {
  SaturationSearch search(0.01);
  search.record(0.1, false, 0.1);
  search.record(0.2, true, 0.15);
  search.record(0.3, false, 0.3);  // above a saturated point: ignored for the bracket
  CHECK(search.low() == 0.1);
  CHECK(search.high() == 0.2);
}

TEST_CASE("ends without a bracket") {
  SUBCASE("saturated already at the low bound") {
    SaturationSearch search(0.01);
    search.record(0.3, true, 0.2);
    search.record(0.6, true, 0.2);
    CHECK(search.status() == Status::saturated_at_low);
    CHECK(search.high() == 0.3);
    CHECK(search.next_probes(1).empty());
  }
  SUBCASE("never saturated") {
    SaturationSearch search(0.01);
    search.record(0.1, false, 0.1);
    search.record(0.2, false, 0.19);
    CHECK(search.status() == Status::unsaturated_at_high);
    CHECK(search.highest_unsaturated() == 0.2);
    CHECK(search.accepted_at_highest_unsaturated() == 0.19);
    CHECK(search.next_probes(1).empty());
  }
  SUBCASE("nothing recorded") {
    SaturationSearch search(0.01);
    CHECK(search.status() == Status::unsaturated_at_high);
    CHECK(search.runs() == 0);
  }
  SUBCASE("a run that cannot tell") {
    SaturationSearch search(0.01);
    search.record(0.1, false, 0.1);
    search.record(0.5, true, 0.4);
    search.record(0.3, std::nullopt, 0.3);
    CHECK(search.status() == Status::undetermined);
    CHECK(search.next_probes(1).empty());
  }
}

TEST_CASE("probes are multiples of the resolution") {
  CHECK(SaturationSearch::resolution_for(0.005, false) == doctest::Approx(0.0001));
  CHECK(SaturationSearch::resolution_for(0.01, false) == doctest::Approx(0.001));
  CHECK(SaturationSearch::resolution_for(0.005, true) == 1.0);
  CHECK(SaturationSearch::resolution_for(50, true) == 1.0);

  SUBCASE("decimal") {
    SaturationSearch search(0.01, 0.001);
    search.record(0.4, false, 0.4);
    search.record(0.6, true, 0.43);
    const std::vector<double> probes = search.next_probes(2);
    REQUIRE(probes.size() == 2);
    CHECK(probes[0] == doctest::Approx(0.467));
    CHECK(probes[1] == doctest::Approx(0.533));
  }
  SUBCASE("integers: ends when no integer is left inside") {
    SaturationSearch search(0.5, 1.0);
    search.record(1, false, 1);
    search.record(8, true, 5);
    search_to_the_end(search, 4.5, 1);
    CHECK(search.status() == Status::found);
    CHECK(search.low() == 4);
    CHECK(search.high() == 5);
  }
  SUBCASE("a bracket narrower than the resolution but wider than the tolerance is found") {
    SaturationSearch search(0.0001, 0.001);
    search.record(0.4501, false, 0.45);
    search.record(0.4509, true, 0.45);
    CHECK(search.status() == Status::found);
  }
}
