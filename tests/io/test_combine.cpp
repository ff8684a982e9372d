// SPDX-License-Identifier: Apache-2.0
// io::merge_results, the deterministic part of io::combine, with ranks simulated in one process.
#include "io/results/combine.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "pdes/error.hpp"
#include "tests/io/sample_results.hpp"

namespace {

std::vector<io::ResultSet> parts_of(int ranks, bool perturb = false) {
  std::vector<io::ResultSet> parts;
  for (int r = 0; r < ranks; ++r) parts.push_back(io_test::sample_part(r, ranks, perturb));
  return parts;
}

void check_same(const io::ResultSet& a, const io::ResultSet& b) {
  REQUIRE(a.tables.size() == b.tables.size());
  for (std::size_t i = 0; i < a.tables.size(); ++i) {
    CAPTURE(a.tables[i].name());
    CHECK(a.tables[i].same_schema(b.tables[i]));
    CHECK(a.tables[i].cells() == b.tables[i].cells());
  }
  CHECK(a.attributes == b.attributes);
  CHECK(a.attribute_units == b.attribute_units);
}

}  // namespace

TEST_CASE("merge_results does not depend on the rank count") {
  const io::ResultSet one = io::merge_results(parts_of(1));
  for (int ranks : {2, 3, 4, 7}) {
    CAPTURE(ranks);
    check_same(one, io::merge_results(parts_of(ranks)));
  }
  // The oracle is not vacuous: a changed cell is seen.
  CHECK(one.tables[0].cells() != io::merge_results(parts_of(2, true)).tables[0].cells());
}

TEST_CASE("merge_results sorts, concatenates and sums") {
  const io::ResultSet all = io::merge_results(parts_of(3));
  const io::Table& nodes = *all.find("network/nodes");
  REQUIRE(nodes.rows() == io_test::kNodes);
  for (std::size_t r = 0; r < nodes.rows(); ++r) CHECK(nodes.at(r, 0).as_u64() == r);

  // 1000 events over 5 routers x 3 ports: (e % 5, e % 3) takes all 15 pairs (CRT).
  const io::Table& map = *all.find("network/latency_map");
  REQUIRE(map.rows() == 15);
  std::uint64_t flits = 0;
  std::int64_t waiting = 0;
  for (std::size_t r = 0; r < map.rows(); ++r) {
    CHECK(map.at(r, 0).as_u64() == r / 3);
    CHECK(map.at(r, 1).as_u64() == r % 3);
    flits += map.at(r, 2).as_u64();
    waiting += map.at(r, 3).as_i64();
  }
  CHECK(flits == io_test::kLatencyEvents);
  CHECK(waiting == 999 * 1000 / 2 - 400 * 1000);

  const io::Table& series = *all.find("network/time_series");
  REQUIRE(series.rows() == static_cast<std::size_t>(io_test::kWindows));
  CHECK(series.at(0, 0).as_i64() == io_test::kFirstWindow);
  CHECK(all.find("empty")->rows() == 0);
}

TEST_CASE("merge_results reports what breaks determinism") {
  std::vector<io::ResultSet> parts = parts_of(3);
  SUBCASE("a key on two ranks") {
    parts[2].tables[0].add_row({io::Cell::u64(4), io::Cell::u64(0), io::Cell::i64(0), io::Cell::f64(0)});
    CHECK_THROWS_WITH_AS(io::merge_results(parts),
                         "table 'network/nodes' is concatenated across ranks, but key (node=4) "
                         "occurs on rank 1 and on rank 2",
                         pdes::InvariantError);
  }
  SUBCASE("a key twice on one rank") {
    parts[0].tables[0].add_row({io::Cell::u64(3), io::Cell::u64(0), io::Cell::i64(0), io::Cell::f64(0)});
    CHECK_THROWS_WITH_AS(io::merge_results(parts), doctest::Contains("occurs twice on rank 0"),
                         pdes::InvariantError);
  }
  SUBCASE("an attribute that differs") {
    parts[1].attributes["network/offered_load"] = 0.4;
    CHECK_THROWS_WITH_AS(io::merge_results(parts),
                         doctest::Contains("attribute 'network/offered_load' is 0.300000 on rank 0 "
                                           "but 0.400000 on rank 1"),
                         pdes::InvariantError);
  }
  SUBCASE("an attribute on one rank only") {
    parts[2].attributes["extra"] = std::int64_t{1};
    CHECK_THROWS_WITH_AS(io::merge_results(parts), doctest::Contains("'extra' is set on rank 2"),
                         pdes::InvariantError);
  }
  SUBCASE("a unit that differs") {
    parts[1].attribute_units["network/offered_load"] = "flits/cycle";
    CHECK_THROWS_AS(io::merge_results(parts), pdes::InvariantError);
  }
  SUBCASE("a missing table") {
    parts[1].tables.pop_back();
    CHECK_THROWS_WITH_AS(io::merge_results(parts), doctest::Contains("rank 1 has 4 tables"),
                         pdes::InvariantError);
  }
  SUBCASE("tables in another order") {
    std::swap(parts[1].tables[0], parts[1].tables[1]);
    CHECK_THROWS_WITH_AS(io::merge_results(parts), doctest::Contains("same order"),
                         pdes::InvariantError);
  }
  SUBCASE("a table with other columns") {
    parts[2].tables.back() = io::Table("empty", "A table without rows",
                                       {{"id", io::ColumnType::kInt64, "", "id"}}, 1,
                                       io::Combine::kConcatenate);
    CHECK_THROWS_WITH_AS(io::merge_results(parts), doctest::Contains("table 'empty' has other"),
                         pdes::InvariantError);
  }
  SUBCASE("no ranks") {
    CHECK_THROWS_AS(io::merge_results({}), pdes::InvariantError);
  }
}

TEST_CASE("combine without MPI is merge_results of one rank") {
  // MPI_Init is never called in this test program: a sequential run.
  const io::ResultSet local = io_test::sample_part(0, 1);
  check_same(io::combine(local, MPI_COMM_WORLD), io::merge_results(parts_of(1)));
  CHECK(io::combine(local, MPI_COMM_WORLD).find("network/nodes")->at(0, 0).as_u64() == 0);
}
