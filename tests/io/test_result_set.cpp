// SPDX-License-Identifier: Apache-2.0
#include "io/results/result_set.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"

using io::Cell;
using io::Column;
using io::ColumnType;
using io::Combine;
using io::Table;

namespace {

Table counters(Combine combine = Combine::kSum) {
  return Table("net/counters", "counters",
               {{"router", ColumnType::kUInt64, "", "router"},
                {"port", ColumnType::kInt64, "", "port"},
                {"flits", ColumnType::kUInt64, "flits", "flits"}},
               2, combine);
}

std::vector<std::uint64_t> column(const Table& t, std::size_t c) {
  std::vector<std::uint64_t> v;
  for (std::size_t r = 0; r < t.rows(); ++r) v.push_back(t.at(r, c).bits);
  return v;
}

}  // namespace

TEST_CASE("Table: the constructor rejects what cannot be written or combined") {
  const Column u{"id", ColumnType::kUInt64, "", "id"};
  const Column f{"x", ColumnType::kFloat64, "s", "x"};
  SUBCASE("a valid table") {
    const Table t("a/b_1/C", "d", {u, f}, 1, Combine::kConcatenate);
    CHECK(t.rows() == 0);
    CHECK(t.columns().size() == 2);
  }
  SUBCASE("empty name") { CHECK_THROWS_AS(Table("", "d", {u}, 1, Combine::kSum), pdes::InvariantError); }
  SUBCASE("empty segment") {
    CHECK_THROWS_AS(Table("a//b", "d", {u}, 1, Combine::kSum), pdes::InvariantError);
  }
  SUBCASE("leading slash") {
    CHECK_THROWS_AS(Table("/a", "d", {u}, 1, Combine::kSum), pdes::InvariantError);
  }
  SUBCASE("bad character") {
    CHECK_THROWS_AS(Table("a-b", "d", {u}, 1, Combine::kSum), pdes::InvariantError);
  }
  SUBCASE("no columns") {
    CHECK_THROWS_AS(Table("a", "d", {}, 0, Combine::kSum), pdes::InvariantError);
  }
  SUBCASE("duplicate column") {
    CHECK_THROWS_AS(Table("a", "d", {u, u}, 1, Combine::kConcatenate), pdes::InvariantError);
  }
  SUBCASE("column name with a slash") {
    const Column bad{"a/b", ColumnType::kUInt64, "", ""};
    CHECK_THROWS_AS(Table("a", "d", {u, bad}, 1, Combine::kConcatenate), pdes::InvariantError);
  }
  SUBCASE("more key columns than columns") {
    CHECK_THROWS_AS(Table("a", "d", {u}, 2, Combine::kConcatenate), pdes::InvariantError);
  }
  SUBCASE("floating-point key") {
    CHECK_THROWS_WITH_AS(Table("a", "d", {f, u}, 1, Combine::kConcatenate),
                         doctest::Contains("key column 'x' must be an integer"),
                         pdes::InvariantError);
  }
  SUBCASE("floating-point column in a summed table") {
    CHECK_THROWS_WITH_AS(Table("a", "d", {u, f}, 1, Combine::kSum),
                         doctest::Contains("column 'x' must be an integer"), pdes::InvariantError);
  }
}

TEST_CASE("Table::add_row checks the cell count") {
  Table t = counters();
  t.add_row({Cell::u64(1), Cell::i64(2), Cell::u64(3)});
  CHECK(t.rows() == 1);
  CHECK_THROWS_AS(t.add_row({Cell::u64(1), Cell::i64(2)}), pdes::InvariantError);
  CHECK_THROWS_AS(t.add_row({Cell::u64(1), Cell::i64(2), Cell::u64(3), Cell::u64(4)}),
                  pdes::InvariantError);
  CHECK(t.rows() == 1);
}

TEST_CASE("Table::accumulate_row") {
  SUBCASE("sums rows of equal key in a kSum table, appends new keys") {
    Table t = counters();
    t.accumulate_row({Cell::u64(1), Cell::i64(-1), Cell::u64(5)});
    t.accumulate_row({Cell::u64(2), Cell::i64(-1), Cell::u64(7)});
    t.accumulate_row({Cell::u64(1), Cell::i64(-1), Cell::u64(10)});
    REQUIRE(t.rows() == 2);
    CHECK(t.at(0, 2).as_u64() == 15);
    CHECK(t.at(1, 2).as_u64() == 7);
  }
  SUBCASE("signed columns add as two's complement") {
    Table t("s", "d", {{"k", ColumnType::kUInt64, "", ""}, {"v", ColumnType::kInt64, "", ""}}, 1,
            Combine::kSum);
    t.accumulate_row({Cell::u64(0), Cell::i64(5)});
    t.accumulate_row({Cell::u64(0), Cell::i64(-8)});
    CHECK(t.at(0, 1).as_i64() == -3);
  }
  SUBCASE("sees rows added with add_row and through mutable_cells") {
    Table t = counters();
    t.add_row({Cell::u64(3), Cell::i64(0), Cell::u64(1)});
    t.accumulate_row({Cell::u64(3), Cell::i64(0), Cell::u64(1)});
    CHECK(t.rows() == 1);
    CHECK(t.at(0, 2).as_u64() == 2);
    t.mutable_cells()[0] = Cell::u64(4);  // the row's key becomes (4, 0)
    t.accumulate_row({Cell::u64(4), Cell::i64(0), Cell::u64(1)});
    t.accumulate_row({Cell::u64(3), Cell::i64(0), Cell::u64(1)});
    REQUIRE(t.rows() == 2);
    CHECK(t.at(0, 2).as_u64() == 3);
    CHECK(t.at(1, 0).as_u64() == 3);
  }
  SUBCASE("a repeated key in a kConcatenate table is an error naming the key") {
    Table t = counters(Combine::kConcatenate);
    t.accumulate_row({Cell::u64(1), Cell::i64(-2), Cell::u64(5)});
    CHECK_THROWS_WITH_AS(t.accumulate_row({Cell::u64(1), Cell::i64(-2), Cell::u64(5)}),
                         doctest::Contains("router=1, port=-2"), pdes::InvariantError);
  }
  SUBCASE("no key columns: one global row") {
    Table t("total", "d", {{"n", ColumnType::kUInt64, "", ""}}, 0, Combine::kSum);
    t.accumulate_row({Cell::u64(2)});
    t.accumulate_row({Cell::u64(3)});
    REQUIRE(t.rows() == 1);
    CHECK(t.at(0, 0).as_u64() == 5);
  }
  SUBCASE("checks the cell count") {
    Table t = counters();
    CHECK_THROWS_AS(t.accumulate_row({Cell::u64(1)}), pdes::InvariantError);
  }
}

TEST_CASE("Table::column_index") {
  const Table t = counters();
  CHECK(t.column_index("router") == 0);
  CHECK(t.column_index("flits") == 2);
  CHECK_THROWS_WITH_AS(t.column_index("latency"),
                       doctest::Contains("no column 'latency' (columns: router, port, flits)"),
                       pdes::InvariantError);
}

TEST_CASE("Table::sort_by_key orders signed and unsigned keys, stably") {
  Table t = counters(Combine::kConcatenate);
  // The unsigned key 2^63 must sort after 1 (it would be negative as signed); the signed key
  // -1 before 0 (it would be huge as unsigned).
  t.add_row({Cell::u64(std::uint64_t{1} << 63), Cell::i64(0), Cell::u64(0)});
  t.add_row({Cell::u64(1), Cell::i64(0), Cell::u64(1)});
  t.add_row({Cell::u64(1), Cell::i64(-1), Cell::u64(2)});
  t.add_row({Cell::u64(1), Cell::i64(0), Cell::u64(3)});  // equal key: stays after row 1
  t.sort_by_key();
  CHECK(column(t, 2) == std::vector<std::uint64_t>{2, 1, 3, 0});
  CHECK(t.compare_keys(0, 1) < 0);
  CHECK(t.compare_keys(1, 2) == 0);
  CHECK(t.compare_keys(3, 0) > 0);
  CHECK(t.describe_key(0) == "router=1, port=-1");
}

TEST_CASE("ResultSet::find and validate") {
  io::ResultSet s;
  s.tables.push_back(counters());
  s.tables.emplace_back("net/other", "d", std::vector<Column>{{"id", ColumnType::kUInt64, "", ""}},
                        1, Combine::kConcatenate);
  s.attributes["net/load"] = 0.5;
  s.attribute_units["net/load"] = "flits/node/cycle";
  REQUIRE(s.find("net/other") != nullptr);
  CHECK(s.find("net/other")->columns()[0].name == "id");
  CHECK(s.find("missing") == nullptr);
  CHECK_NOTHROW(s.validate());

  SUBCASE("two tables with one name") {
    s.tables.push_back(counters());
    CHECK_THROWS_WITH_AS(s.validate(), doctest::Contains("two tables are named 'net/counters'"),
                         pdes::InvariantError);
  }
  SUBCASE("a table under another") {
    s.tables.emplace_back("net/counters/x", "d",
                          std::vector<Column>{{"id", ColumnType::kUInt64, "", ""}}, 1,
                          Combine::kConcatenate);
    CHECK_THROWS_AS(s.validate(), pdes::InvariantError);
  }
  SUBCASE("the reserved group run") {
    s.tables.emplace_back("run/stats", "d",
                          std::vector<Column>{{"id", ColumnType::kUInt64, "", ""}}, 1,
                          Combine::kConcatenate);
    CHECK_THROWS_WITH_AS(s.validate(), doctest::Contains("reserved"), pdes::InvariantError);
  }
  SUBCASE("an attribute in run") {
    s.attributes["run/x"] = std::int64_t{1};
    CHECK_THROWS_AS(s.validate(), pdes::InvariantError);
  }
  SUBCASE("an attribute on a table") {
    s.attributes["net/counters/x"] = std::int64_t{1};
    CHECK_THROWS_AS(s.validate(), pdes::InvariantError);
  }
  SUBCASE("a malformed attribute path") {
    s.attributes["net/"] = std::int64_t{1};
    CHECK_THROWS_AS(s.validate(), pdes::InvariantError);
  }
  SUBCASE("a unit for no attribute") {
    s.attribute_units["net/latency"] = "ps";
    CHECK_THROWS_WITH_AS(s.validate(), doctest::Contains("net/latency"), pdes::InvariantError);
  }
  SUBCASE("a default-constructed table") {
    s.tables.emplace_back();
    CHECK_THROWS_AS(s.validate(), pdes::InvariantError);
  }
}
