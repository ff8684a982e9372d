// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/latency_table.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"

using net::LatencyGranularity;
using net::LatencyTable;
using net::PacketDelivered;

namespace {

PacketDelivered packet(std::uint32_t src, std::uint32_t dst, std::int64_t created,
                       std::int64_t injected, std::int64_t delivered, std::uint8_t hops) {
  PacketDelivered d;
  d.src = src;
  d.dst = dst;
  d.created = created;
  d.injected = injected;
  d.delivered = delivered;
  d.hops = hops;
  d.measured = 1;
  return d;
}

std::uint64_t u(const io::Table& t, std::size_t row, const char* column) {
  return t.at(row, t.column_index(column)).as_u64();
}

std::int64_t i(const io::Table& t, std::size_t row, const char* column) {
  return t.at(row, t.column_index(column)).as_i64();
}

}  // namespace

TEST_CASE("pairs: one row per (src, dst), sorted, with sums and extremes") {
  LatencyTable pairs(LatencyGranularity::kPairs);
  pairs.add(packet(3, 1, 0, 10, 50, 2));      // latency 50, network 40
  pairs.add(packet(0, 2, 100, 100, 130, 1));  // 30
  pairs.add(packet(3, 1, 200, 200, 220, 2));  // 20
  pairs.add(packet(0, 1, 0, 0, 70, 4));       // 70
  pairs.add(packet(3, 1, 300, 305, 390, 2));  // 90
  const io::Table t = pairs.table();
  CHECK(t.name() == "network/pairs");
  CHECK(t.key_columns() == 2);
  CHECK(t.combine() == io::Combine::kConcatenate);
  REQUIRE(t.rows() == 3);
  CHECK(u(t, 0, "src") == 0);
  CHECK(u(t, 0, "dst") == 1);
  CHECK(u(t, 1, "src") == 0);
  CHECK(u(t, 1, "dst") == 2);
  CHECK(u(t, 2, "src") == 3);
  CHECK(u(t, 2, "dst") == 1);
  CHECK(u(t, 2, "packets") == 3);
  CHECK(i(t, 2, "latency_sum") == 160);
  CHECK(i(t, 2, "latency_min") == 20);
  CHECK(i(t, 2, "latency_max") == 90);
  CHECK(i(t, 2, "network_latency_sum") == 40 + 20 + 85);
  CHECK(u(t, 2, "hops_sum") == 6);
  CHECK(i(t, 0, "latency_min") == 70);
  CHECK(i(t, 0, "latency_max") == 70);
  CHECK(t.columns()[t.column_index("latency_sum")].unit == "ps");
}

TEST_CASE("destinations: one row per destination") {
  LatencyTable dests(LatencyGranularity::kDestinations);
  dests.add(packet(3, 1, 0, 10, 50, 2));
  dests.add(packet(0, 1, 0, 0, 70, 4));
  dests.add(packet(0, 0, 0, 0, 5, 1));
  const io::Table t = dests.table();
  CHECK(t.name() == "network/destinations");
  CHECK(t.key_columns() == 1);
  REQUIRE(t.rows() == 2);
  CHECK(t.columns()[0].name == "dst");
  CHECK(u(t, 1, "dst") == 1);
  CHECK(u(t, 1, "packets") == 2);
  CHECK(i(t, 1, "latency_min") == 50);
  CHECK(i(t, 1, "latency_max") == 70);
  CHECK(u(t, 1, "hops_sum") == 6);
}

TEST_CASE("metrics.latency_table: auto keeps pairs for small networks") {
  CHECK(net::parse_latency_table("auto", 1) == LatencyGranularity::kPairs);
  CHECK(net::parse_latency_table("auto", net::kAutoPairsMaxNodes) == LatencyGranularity::kPairs);
  CHECK(net::parse_latency_table("auto", net::kAutoPairsMaxNodes + 1) ==
        LatencyGranularity::kDestinations);
  CHECK(net::parse_latency_table("pairs", 100000) == LatencyGranularity::kPairs);
  CHECK(net::parse_latency_table("destinations", 4) == LatencyGranularity::kDestinations);
  CHECK(net::parse_latency_table("none", 4) == LatencyGranularity::kNone);
  CHECK_THROWS_AS(net::parse_latency_table("pair", 4), pdes::ConfigError);
  CHECK_THROWS_AS(LatencyTable(LatencyGranularity::kNone).table(), pdes::InvariantError);
}
