// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/table_spec.hpp"

#include <doctest/doctest.h>

#include <array>
#include <map>

#include "io/results/combine.hpp"
#include "pdes/error.hpp"

namespace {

struct Sums {
  std::uint64_t packets = 0;
  std::int64_t latency_sum = 0;
  std::int64_t latest = 0;
};

const net::TableSpec<Sums>& spec() {
  static const net::TableSpec<Sums> s(
      "test/things", "Per thing", {{"thing", io::ColumnType::kUInt64, "", "thing id"}},
      {net::u64_field("packets", &Sums::packets, "packets", "packets seen"),
       net::i64_field("latency_sum", &Sums::latency_sum, "ps", "their latencies"),
       net::i64_field("latest", &Sums::latest, "ps", "the last one", net::Merge::kMax)},
      io::Combine::kConcatenate);
  return s;
}

}  // namespace

TEST_CASE("TableSpec: the schema is the key columns, then one column per field, in order") {
  const io::Table t = spec().empty_table();
  CHECK(t.name() == "test/things");
  CHECK(t.key_columns() == 1);
  CHECK(t.combine() == io::Combine::kConcatenate);
  REQUIRE(t.columns().size() == 4);
  CHECK(t.columns()[0].name == "thing");
  CHECK(t.columns()[1].name == "packets");
  CHECK(t.columns()[1].unit == "packets");
  CHECK(t.columns()[2].type == io::ColumnType::kInt64);
  CHECK(t.columns()[3].name == "latest");
  CHECK(t.columns()[3].description == "the last one");
}

TEST_CASE("TableSpec: rows in key order, cells from the members") {
  const std::map<std::uint64_t, Sums> rows = {{7, {2, -30, 5}}, {3, {1, 40, 9}}};
  const io::Table t = spec().table(rows);
  REQUIRE(t.rows() == 2);
  CHECK(t.at(0, 0).as_u64() == 3);
  CHECK(t.at(0, 1).as_u64() == 1);
  CHECK(t.at(0, 2).as_i64() == 40);
  CHECK(t.at(1, 0).as_u64() == 7);
  CHECK(t.at(1, 2).as_i64() == -30);
  CHECK(t.at(1, 3).as_i64() == 5);
}

TEST_CASE("NodeIndexed: a std::map's entries and order, by node id in chunks") {
  // Ids in several chunks, out of order, one named twice: the same rows as a std::map.
  net::NodeIndexed<Sums> by_node;
  std::map<std::uint64_t, Sums> by_map;
  for (const std::uint64_t id : {5000u, 3u, 1023u, 1024u, 3u, 70000u, 0u}) {
    by_node[id].packets += id + 1;
    by_map[id].packets += id + 1;
  }
  by_node[1024].latest = 8;
  by_map[1024].latest = 8;
  CHECK(by_node.size() == by_map.size());
  const net::NodeIndexed<Sums> copy = by_node;  // the accumulators are copied at a warm-up end
  const std::array<const net::NodeIndexed<Sums>*, 2> both{&by_node, &copy};
  for (const net::NodeIndexed<Sums>* rows : both) {
    const io::Table a = spec().table(*rows);
    const io::Table b = spec().table(by_map);
    REQUIRE(a.rows() == b.rows());
    for (std::size_t r = 0; r < a.rows(); ++r) {
      for (std::size_t c = 0; c < 4; ++c) CHECK(a.at(r, c).bits == b.at(r, c).bits);
    }
  }
  CHECK(net::NodeIndexed<Sums>{}.empty());
}

TEST_CASE("TableSpec: totals sum summed fields (signed too) and take the maximum of the others") {
  io::ResultSet set;
  set.tables.push_back(spec().table(std::map<std::uint64_t, Sums>{
      {1, {2, -30, 5}}, {2, {1, 40, 9}}, {3, {4, -50, 7}}}));
  const io::DistributedTables tables(set);
  const Sums total = spec().totals(tables);
  CHECK(total.packets == 7);
  CHECK(total.latency_sum == -40);
  CHECK(total.latest == 9);
}

TEST_CASE("TableSpec: a maximum in a summed table, or a non-integer key, is refused") {
  CHECK_THROWS_AS(net::TableSpec<Sums>(
                      "test/bad", "", {{"k", io::ColumnType::kUInt64, "", ""}},
                      {net::i64_field("latest", &Sums::latest, "ps", "", net::Merge::kMax)},
                      io::Combine::kSum),
                  pdes::InvariantError);
  CHECK_THROWS_AS(net::TableSpec<Sums>("test/bad", "", {{"k", io::ColumnType::kFloat64, "", ""}},
                                       {net::u64_field("packets", &Sums::packets, "", "")},
                                       io::Combine::kConcatenate),
                  pdes::InvariantError);
}
