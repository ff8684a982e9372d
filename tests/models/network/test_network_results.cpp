// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/network_results.hpp"

#include <doctest/doctest.h>

#include <map>
#include <span>

#include "models/network/metrics/packet_records.hpp"

using net::NetworkResults;
using net::NetworkResultsParams;
using net::PacketDelivered;
using net::PacketGenerated;

namespace {

constexpr std::int64_t kCycle = 1000;  // ticks

template <class R>
void feed(NetworkResults& results, const R& record) {
  results.write(pdes::Record{R::kRecordKind, pdes::LpId{0}, pdes::SimTime{0},
                             std::as_bytes(std::span(&record, 1))});
}

PacketGenerated generated(std::uint32_t src, std::uint32_t size, std::int64_t cycle) {
  return PacketGenerated{src, 0, 0, size, cycle * kCycle, 0};
}

PacketDelivered delivered(std::uint32_t src, std::uint32_t dst, std::uint16_t size,
                          std::uint8_t hops, std::int64_t created, std::int64_t injected,
                          std::int64_t at, bool measured) {
  PacketDelivered d;
  d.src = src;
  d.dst = dst;
  d.size = size;
  d.hops = hops;
  d.measured = measured ? 1 : 0;
  d.created = created * kCycle;
  d.injected = injected * kCycle;
  d.delivered = at * kCycle;
  return d;
}

NetworkResultsParams small_params() {
  NetworkResultsParams p;
  p.num_nodes = 4;
  p.ticks_per_cycle = kCycle;
  p.warmup_cycles = 100;
  p.measure_end_cycle = 1100;
  p.window_cycles = 100;
  return p;
}

// A few packets around the measurement interval [100, 1100) of a 4-node network.
void feed_small_run(NetworkResults& r, int only_rank = -1, int ranks = 1) {
  // A record goes to the rank of the node that emits it (source or destination).
  auto mine = [&](std::uint32_t node) { return only_rank < 0 || int(node) % ranks == only_rank; };
  if (mine(0)) feed(r, generated(0, 2, 50));    // before the warm-up: not offered
  if (mine(1)) feed(r, generated(1, 3, 200));   // offered
  if (mine(1)) feed(r, generated(1, 1, 1100));  // after the interval
  if (mine(0)) feed(r, generated(0, 1, 300));
  if (mine(0)) feed(r, generated(0, 1, 400));
  if (mine(1)) feed(r, generated(1, 3, 500));
  // To node 2: latency 60, network 50, 3 hops; an unmeasured one (created in the warm-up).
  if (mine(2)) feed(r, delivered(1, 2, 3, 3, 200, 210, 260, true));
  if (mine(2)) feed(r, delivered(0, 2, 3, 2, 50, 60, 150, false));
  // To node 3: latencies 20 and 40.
  if (mine(3)) feed(r, delivered(0, 3, 1, 1, 300, 300, 320, true));
  if (mine(3)) feed(r, delivered(0, 3, 1, 1, 400, 410, 440, true));
}

std::map<std::string, std::string> rows_of(const NetworkResults& r, const io::ResultSet& set) {
  std::map<std::string, std::string> out;
  for (const auto& [label, value] : r.summary(set)) out[label] = value;
  return out;
}

// io::combine's rule on one process: concatenate or sum the rows of equal key, sort by key.
io::ResultSet merged(const io::ResultSet& a, const io::ResultSet& b) {
  io::ResultSet out = a;
  for (io::Table& t : out.tables) {
    const io::Table* other = b.find(t.name());
    REQUIRE(other != nullptr);
    const std::size_t columns = t.columns().size();
    for (std::size_t row = 0; row < other->rows(); ++row) {
      const std::vector<io::Cell> cells(other->cells().begin() + row * columns,
                                        other->cells().begin() + (row + 1) * columns);
      if (t.combine() == io::Combine::kSum) {
        t.accumulate_row(cells);
      } else {
        t.add_row(cells);
      }
    }
    t.sort_by_key();
  }
  return out;
}

}  // namespace

TEST_CASE("the node table keeps integer sums per node") {
  NetworkResults r(small_params());
  feed_small_run(r);
  const io::ResultSet set = r.local_results(pdes::RunResult{});
  CHECK_NOTHROW(set.validate());
  const io::Table* nodes = set.find("network/nodes");
  REQUIRE(nodes != nullptr);
  CHECK(nodes->combine() == io::Combine::kConcatenate);
  REQUIRE(nodes->rows() == 4);
  auto at = [&](std::size_t row, const char* column) {
    return nodes->at(row, nodes->column_index(column)).as_u64();
  };
  CHECK(at(0, "node") == 0);
  CHECK(at(0, "packets_generated") == 3);
  CHECK(at(0, "flits_generated") == 4);
  CHECK(at(0, "flits_offered") == 2);
  CHECK(at(1, "flits_offered") == 6);
  CHECK(at(2, "node") == 2);
  CHECK(at(2, "packets_received") == 2);
  CHECK(at(2, "flits_received") == 6);
  CHECK(at(2, "flits_accepted") == 6);
  CHECK(at(2, "packets_measured") == 1);
  CHECK(nodes->at(2, nodes->column_index("latency_sum")).as_i64() == 60 * kCycle);
  CHECK(nodes->at(2, nodes->column_index("network_latency_sum")).as_i64() == 50 * kCycle);
  CHECK(at(2, "hops_sum") == 3);
  CHECK(set.attributes.at("network/warmup_cycles") == io::AttributeValue{std::int64_t{100}});
}

TEST_CASE("the time series sums per window of metrics.window_cycles") {
  NetworkResults r(small_params());
  feed_small_run(r);
  const io::ResultSet set = r.local_results(pdes::RunResult{});
  const io::Table* series = set.find("network/time_series");
  REQUIRE(series != nullptr);
  CHECK(series->combine() == io::Combine::kSum);
  std::map<std::uint64_t, std::uint64_t> delivered;
  std::map<std::uint64_t, std::uint64_t> generated;
  for (std::size_t row = 0; row < series->rows(); ++row) {
    const std::uint64_t w = series->at(row, 0).as_u64();
    delivered[w] = series->at(row, series->column_index("flits_delivered")).as_u64();
    generated[w] = series->at(row, series->column_index("flits_generated")).as_u64();
  }
  CHECK(generated[0] == 2);
  CHECK(generated[2] == 3);
  CHECK(generated[11] == 1);
  CHECK(generated[5] == 3);
  CHECK(delivered[1] == 3);  // delivered at 150
  CHECK(delivered[2] == 3);  // 260
  CHECK(delivered[4] == 1);  // 440
}

TEST_CASE("the summary: loads over the interval, latency means, mean of destination means") {
  NetworkResults r(small_params());
  feed_small_run(r);
  const auto rows = rows_of(r, r.local_results(pdes::RunResult{}));
  // 3 + 1 + 1 + 3 flits offered, 3 + 3 + 1 + 1 accepted, over 4 nodes x 1000 cycles.
  CHECK(rows.at("offered load") == "0.0020 flits/node/cycle");
  CHECK(rows.at("accepted load") == "0.0020 flits/node/cycle");
  CHECK(rows.at("packets measured") == "3");
  CHECK(rows.at("latency") == "40.00 cycles");          // (60 + 20 + 40) / 3
  CHECK(rows.at("network latency") == "33.33 cycles");  // (50 + 20 + 30) / 3
  CHECK(rows.at("source-queue wait") == "6.67 cycles");
  CHECK(rows.at("hops") == "1.67 routers");
  CHECK(rows.at("latency (dest. means)") == "45.00 cycles");  // (60 + 30) / 2
}

TEST_CASE("split over ranks by emitting node, combined, the summary is the same") {
  NetworkResults whole(small_params());
  feed_small_run(whole);
  NetworkResults rank0(small_params());
  NetworkResults rank1(small_params());
  feed_small_run(rank0, 0, 2);
  feed_small_run(rank1, 1, 2);
  const io::ResultSet combined =
      merged(rank0.local_results(pdes::RunResult{}), rank1.local_results(pdes::RunResult{}));
  const io::ResultSet single = whole.local_results(pdes::RunResult{});
  for (std::size_t t = 0; t < single.tables.size(); ++t) {
    CHECK(combined.tables[t].cells() == single.tables[t].cells());
  }
  CHECK(whole.summary(combined) == whole.summary(single));
}

TEST_CASE("saturation: the backlog over the second half of the measurement") {
  NetworkResultsParams p;
  p.num_nodes = 1;
  p.warmup_cycles = 0;
  p.measure_end_cycle = 1000;
  p.window_cycles = 100;
  auto run = [&](std::uint16_t delivered_per_window) {
    NetworkResults r(p);
    for (std::int64_t w = 0; w < 10; ++w) {
      for (int i = 0; i < 100; ++i) feed(r, generated(0, 1, w * 100 + i));
      for (int i = 0; i < delivered_per_window; ++i) {
        feed(r, delivered(0, 0, 1, 1, w * 100 + i, w * 100 + i, w * 100 + i + 1, true));
      }
    }
    return rows_of(r, r.local_results(pdes::RunResult{})).at("saturation");
  };
  CHECK(run(100).starts_with("no (backlog +0.0% of the flits offered in cycles 500..1000)"));
  CHECK(run(96).starts_with("no"));
  CHECK(run(90).starts_with("yes (backlog +10.0%"));

  p.measure_end_cycle = 300;  // second half [150, 300): one whole window
  NetworkResults short_run(p);
  feed(short_run, generated(0, 1, 10));
  CHECK(rows_of(short_run, short_run.local_results(pdes::RunResult{}))
            .at("saturation")
            .starts_with("unknown"));
}

TEST_CASE("without measured packets the latency rows say so") {
  NetworkResults r(small_params());
  const auto rows = rows_of(r, r.local_results(pdes::RunResult{}));
  CHECK(rows.at("latency") == "n/a (no measured packet)");
  CHECK(rows.at("latency (dest. means)") == "n/a (no measured packet)");
  CHECK(rows.at("offered load") == "0.0000 flits/node/cycle");
  CHECK(rows.at("saturation").starts_with("unknown"));
}

TEST_CASE("bad parameters are programming errors") {
  NetworkResultsParams p = small_params();
  p.measure_end_cycle = p.warmup_cycles;
  CHECK_THROWS_AS(NetworkResults{p}, pdes::InvariantError);
}
