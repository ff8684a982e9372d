// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/network_results.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <barrier>
#include <map>
#include <span>
#include <thread>
#include <vector>

#include "io/results/combine.hpp"

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
  for (const models::Figure& f : r.summary(set)) out[f.label] = f.text;
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

TEST_CASE("saturation: the network's backlog over the second half of the measurement") {
  NetworkResultsParams p;
  p.num_nodes = 1;
  p.warmup_cycles = 0;
  p.measure_end_cycle = 1000;
  p.window_cycles = 100;
  // One source offering a flit a cycle; in each window the first `delivered_per_window` arrive a
  // cycle later. Undelivered flits also put the source behind unless within its allowance
  // (4 network latencies of its rate, 1 cycle here, + 2 packets: 6 flits).
  auto run = [&](std::uint16_t delivered_per_window) {
    NetworkResults r(p);
    for (std::int64_t w = 0; w < 10; ++w) {
      for (int i = 0; i < 100; ++i) feed(r, generated(0, 1, w * 100 + i));
      for (int i = 0; i < delivered_per_window; ++i) {
        feed(r, delivered(0, 0, 1, 1, w * 100 + i, w * 100 + i, w * 100 + i + 1, true));
      }
    }
    return rows_of(r, r.local_results(pdes::RunResult{}));
  };
  const auto keeping_up = run(100);
  CHECK(keeping_up.at("saturation") == "no");
  CHECK(keeping_up.at("network backlog") == "+0.0% of the flits offered in cycles 500..1000");
  CHECK(keeping_up.at("worst source") == "delivered 100.0% of its offered flits (node 0)");
  CHECK(keeping_up.at("its allowance") == "99.4% delivered");
  CHECK(keeping_up.at("latency growth") ==
        "+0.0% (second half of the measurement over the first)");
  const auto behind = run(90);
  CHECK(behind.at("saturation") == "yes (1 source behind; network behind)");
  CHECK(behind.at("network backlog") == "+10.0% of the flits offered in cycles 500..1000");

  p.measure_end_cycle = 300;  // second half [150, 300): one whole window
  NetworkResults short_run(p);
  feed(short_run, generated(0, 1, 10));
  const auto rows = rows_of(short_run, short_run.local_results(pdes::RunResult{}));
  CHECK(rows.at("saturation") ==
        "unknown (fewer than 2 windows in the second half of the measurement)");
  CHECK(rows.count("network backlog") == 0);
  CHECK(rows.count("latency growth") == 0);  // 1 packet: too few to see a trend
}

namespace {

// 20 sources offer a flit every 10 cycles over [0, 1000), delivered 5 cycles later (network
// latency 5); source 7 has the last `stuck` of its 100 flits still waiting at the end. Its
// allowance: 0.1 flit/cycle x 4 x 5 cycles + 2 packets = 4 flits.
std::map<std::string, std::string> twenty_sources(int stuck) {
  NetworkResultsParams p;
  p.num_nodes = 20;
  p.warmup_cycles = 0;
  p.measure_end_cycle = 1000;
  p.window_cycles = 100;
  NetworkResults r(p);
  for (std::uint32_t src = 0; src < 20; ++src) {
    for (int i = 0; i < 100; ++i) {
      const std::int64_t at = i * 10 + src % 10;
      feed(r, generated(src, 1, at));
      if (src == 7 && i >= 100 - stuck) continue;
      feed(r, delivered(src, (src + 1) % 20, 1, 2, at, at, at + 5, true));
    }
  }
  return rows_of(r, r.local_results(pdes::RunResult{}));
}

}  // namespace

TEST_CASE("saturation: one source falling behind is enough") {
  CHECK(twenty_sources(0).at("saturation") == "no");
  const auto within = twenty_sources(4);
  CHECK(within.at("saturation") == "no");
  CHECK(within.at("worst source") == "delivered 96.0% of its offered flits (node 7)");
  CHECK(within.at("its allowance") == "96.0% delivered");
  CHECK(within.at("sources behind") == "0");
  // 10 of source 7's flits late: the network's backlog is under 1% of the second half (far
  // below the 5% of the network test), the source is plainly behind.
  const auto behind = twenty_sources(10);
  CHECK(behind.at("saturation") == "yes (1 source behind)");
  CHECK(behind.at("worst source") == "delivered 90.0% of its offered flits (node 7)");
  CHECK(behind.at("sources behind") == "1");
  CHECK(behind.at("network backlog") == "+0.9% of the flits offered in cycles 500..1000");
}

TEST_CASE("saturation: a source none of whose packets arrived is behind, not skipped") {
  // Source 7 has no latency of its own; the network's (5 cycles) gives its allowance.
  const auto starved = twenty_sources(100);
  CHECK(starved.at("saturation") == "yes (1 source behind)");
  CHECK(starved.at("worst source") == "delivered 0.0% of its offered flits (node 7)");
  CHECK(starved.at("its allowance") == "96.0% delivered");
}

TEST_CASE("saturation: latency growing over the measurement is enough") {
  NetworkResultsParams p;
  p.num_nodes = 4;
  p.warmup_cycles = 0;
  p.measure_end_cycle = 1000;
  p.window_cycles = 100;
  // 4 sources offer a flit every 10 cycles; every packet arrives (no backlog at the end), those
  // created from cycle 500 on take `late` cycles instead of 10.
  auto run = [&](std::int64_t late, int sources) {
    NetworkResults r(p);
    for (std::uint32_t src = 0; src < std::uint32_t(sources); ++src) {
      for (std::int64_t at = src; at < 1000; at += 10) {
        feed(r, generated(src, 1, at));
        const std::int64_t latency = at < 500 ? 10 : late;
        feed(r, delivered(src, (src + 1) % 4, 1, 2, at, at, at + latency, true));
      }
    }
    return rows_of(r, r.local_results(pdes::RunResult{}));
  };
  const auto steady = run(11, 4);
  CHECK(steady.at("saturation") == "no");
  CHECK(steady.at("sources behind") == "0");
  const auto growing = run(13, 4);
  CHECK(growing.at("saturation") == "yes (latency growing)");
  CHECK(growing.at("latency growth").starts_with("+2"));
  CHECK(growing.at("sources behind") == "0");
  // One source: 50 packets per half, too few to tell a trend from noise.
  CHECK(run(13, 1).count("latency growth") == 0);
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

namespace {

// A synthetic run of 4 nodes x 60 packets, committed in a scrambled order: what the sink of
// each rank sees with optimistic commits. measured_from: the warm-up the node LPs applied
// (0 with traffic.warmup_packets).
struct Packet {
  PacketGenerated g;
  PacketDelivered d;
};

std::vector<Packet> synthetic_packets() {
  std::vector<Packet> out;
  for (std::uint32_t src = 0; src < 4; ++src) {
    for (std::uint32_t seq = 0; seq < 60; ++seq) {
      const std::int64_t created = (seq * 20 + src * 3) * kCycle;
      const std::int64_t injected = created + (seq % 3) * kCycle;
      const std::int64_t at = injected + (10 + (src * seq) % 17) * kCycle + 250;
      const std::uint32_t dst = (src + seq) % 4;
      const auto size = static_cast<std::uint16_t>(1 + seq % 3);
      Packet p;
      p.g = PacketGenerated{src, dst, seq, size, created, 0};
      p.d.src = src;
      p.d.dst = dst;
      p.d.seq = seq;
      p.d.size = size;
      p.d.hops = static_cast<std::uint8_t>(1 + seq % 4);
      p.d.created = created;
      p.d.injected = injected;
      p.d.delivered = at;
      out.push_back(p);
    }
  }
  return out;
}

// Feeds the records of the nodes of `rank` (node % ranks), in a scrambled order.
void feed_packets(NetworkResults& r, const std::vector<Packet>& packets,
                  std::uint64_t measured_from, int rank = 0, int ranks = 1) {
  std::vector<std::size_t> order(packets.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = (i * 97) % order.size();
  for (const std::size_t i : order) {
    if (int(packets[i].g.src) % ranks == rank) feed(r, packets[i].g);
  }
  for (const std::size_t i : order) {
    PacketDelivered d = packets[i].d;
    d.measured = d.created >= std::int64_t(measured_from) * kCycle ? 1 : 0;
    if (int(d.dst) % ranks == rank) feed(r, d);
  }
}

NetworkResultsParams synthetic_params() {
  NetworkResultsParams p;
  p.num_nodes = 4;
  p.ticks_per_cycle = kCycle;
  p.measure_end_cycle = 1250;  // after the last delivery
  p.window_cycles = 100;
  p.latency_table = net::LatencyGranularity::kPairs;
  p.packet_sample_every = 3;
  return p;
}

// The cycle of the k-th delivery, from the packets themselves.
std::uint64_t kth_delivery_cycle(const std::vector<Packet>& packets, std::size_t k) {
  std::vector<std::int64_t> times;
  for (const Packet& p : packets) times.push_back(p.d.delivered);
  std::sort(times.begin(), times.end());
  return static_cast<std::uint64_t>(times[k - 1] / kCycle);
}

void check_same_tables(const io::ResultSet& a, const io::ResultSet& b) {
  REQUIRE(a.tables.size() == b.tables.size());
  for (std::size_t t = 0; t < a.tables.size(); ++t) {
    CAPTURE(a.tables[t].name());
    CHECK(a.tables[t].name() == b.tables[t].name());
    CHECK(a.tables[t].cells() == b.tables[t].cells());
  }
}

// Two "ranks" in two threads: reduce() is a collective, so each thread waits for the other.
class TwoRankComm {
 public:
  io::ResultSet reduce(int rank, const io::ResultSet& local) {
    parts_[rank] = local;
    sync_.arrive_and_wait();
    io::ResultSet all = io::merge_results(parts_);
    sync_.arrive_and_wait();  // both have read parts_ before the next call overwrites it
    return all;
  }

 private:
  std::vector<io::ResultSet> parts_ = std::vector<io::ResultSet>(2);
  std::barrier<> sync_{2};
};

}  // namespace

TEST_CASE("pairs and samples tables follow metrics.latency_table and packet_sample_every") {
  const std::vector<Packet> packets = synthetic_packets();
  NetworkResultsParams p = synthetic_params();
  p.warmup_cycles = 100;
  NetworkResults r(p);
  feed_packets(r, packets, 100);
  const io::ResultSet set = r.local_results(pdes::RunResult{});
  CHECK_NOTHROW(set.validate());
  const io::Table* pairs = set.find("network/pairs");
  const io::Table* samples = set.find("network/packet_samples");
  REQUIRE(pairs != nullptr);
  REQUIRE(samples != nullptr);
  // The pairs' packets add up to the nodes' measured packets, and samples are measured ones.
  std::uint64_t measured = 0;
  std::uint64_t expected_samples = 0;
  for (const Packet& pk : packets) {
    if (pk.d.created < 100 * kCycle) continue;
    ++measured;
    if (net::PacketSamples::selected(pk.d.src, pk.d.seq, 3)) ++expected_samples;
  }
  std::uint64_t pair_packets = 0;
  for (std::size_t row = 0; row < pairs->rows(); ++row) {
    pair_packets += pairs->at(row, pairs->column_index("packets")).as_u64();
    if (row > 0) CHECK(pairs->compare_keys(row - 1, row) < 0);
  }
  CHECK(pair_packets == measured);
  CHECK(samples->rows() == expected_samples);
  CHECK(expected_samples > 0);
  CHECK(set.attributes.at("network/latency_table") == io::AttributeValue{std::string("pairs")});

  NetworkResults plain(small_params());  // defaults: no latency table, no samples
  const io::ResultSet none = plain.local_results(pdes::RunResult{});
  CHECK(none.find("network/pairs") == nullptr);
  CHECK(none.find("network/destinations") == nullptr);
  CHECK(none.find("network/packet_samples") == nullptr);
}

TEST_CASE("the summary reads no per-port, pair or sampled-packet table") {
  // Those tables only go to the file; the figures come from nodes, sources and time series.
  NetworkResultsParams p = synthetic_params();
  p.warmup_cycles = 100;
  NetworkResults r(p);
  feed_packets(r, synthetic_packets(), 100);
  const io::ResultSet all = io::merge_results(std::vector{r.local_results(pdes::RunResult{})});
  io::ResultSet read = all;
  read.tables.clear();
  for (const io::Table& t : all.tables) {
    if (t.name() != "network/ports" && t.name() != "network/pairs" &&
        t.name() != "network/packet_samples") {
      read.tables.push_back(t);
    }
  }
  CHECK(read.tables.size() + 3 == all.tables.size());
  CHECK(r.summary(read) == r.summary(all));
}

TEST_CASE("a warm-up of K packets is the warm-up in cycles up to the K-th delivery") {
  const std::vector<Packet> packets = synthetic_packets();
  for (const std::size_t k : {1u, 37u, 120u, 239u}) {
    CAPTURE(k);
    const std::uint64_t w = kth_delivery_cycle(packets, k);
    NetworkResultsParams by_packets = synthetic_params();
    by_packets.warmup_packets = k;
    NetworkResults a(by_packets);
    feed_packets(a, packets, 0);
    NetworkResultsParams by_cycles = synthetic_params();
    by_cycles.warmup_cycles = w;
    NetworkResults b(by_cycles);
    feed_packets(b, packets, w);
    const io::ResultSet sa = a.local_results(pdes::RunResult{});
    const io::ResultSet sb = b.local_results(pdes::RunResult{});
    CHECK(sa.attributes.at("network/warmup_cycles") == io::AttributeValue{std::int64_t(w)});
    CHECK(sa.attributes.at("network/warmup_packets") == io::AttributeValue{std::int64_t(k)});
    check_same_tables(sa, sb);
    auto rows_a = rows_of(a, sa);
    CHECK(rows_a.at("warm-up end") ==
          "cycle " + std::to_string(w) + " (" + std::to_string(k) + " packets delivered)");
    rows_a.erase("warm-up end");
    CHECK(rows_a == rows_of(b, sb));
  }
}

TEST_CASE("a warm-up in packets never reached measures nothing") {
  const std::vector<Packet> packets = synthetic_packets();
  NetworkResultsParams p = synthetic_params();
  p.warmup_packets = packets.size() + 1;
  NetworkResults r(p);
  feed_packets(r, packets, 0);
  const io::ResultSet set = r.local_results(pdes::RunResult{});
  CHECK(set.attributes.at("network/warmup_cycles") ==
        io::AttributeValue{std::int64_t(p.measure_end_cycle)});
  CHECK(set.find("network/pairs")->rows() == 0);
  CHECK(set.find("network/packet_samples")->rows() == 0);
  const auto rows = rows_of(r, set);
  CHECK(rows.at("warm-up end").starts_with("not reached"));
  CHECK(rows.at("packets measured") == "0");
  CHECK(rows.at("offered load") == "n/a (empty measurement interval)");
  CHECK(rows.at("saturation").starts_with("unknown"));
}

TEST_CASE("a warm-up in packets on 2 ranks gives the tables of 1 rank") {
  const std::vector<Packet> packets = synthetic_packets();
  NetworkResultsParams p = synthetic_params();
  p.warmup_packets = 90;
  NetworkResults whole(p);
  feed_packets(whole, packets, 0);
  const io::ResultSet single = whole.local_results(pdes::RunResult{});

  TwoRankComm comm;
  std::vector<io::ResultSet> local(2);
  std::vector<std::thread> threads;
  for (int rank = 0; rank < 2; ++rank) {
    threads.emplace_back([&, rank] {
      NetworkResultsParams pr = p;
      pr.reduce = [&, rank](const io::ResultSet& s) { return comm.reduce(rank, s); };
      NetworkResults results(pr);
      feed_packets(results, packets, 0, rank, 2);
      local[rank] = results.local_results(pdes::RunResult{});
    });
  }
  for (std::thread& t : threads) t.join();
  const io::ResultSet combined = io::merge_results(local);
  CHECK(combined.attributes == single.attributes);
  check_same_tables(combined, io::merge_results(std::span<const io::ResultSet>(&single, 1)));
  CHECK(whole.summary(combined) == whole.summary(single));
}

TEST_CASE("a warm-up in both cycles and packets is a programming error") {
  NetworkResultsParams p = small_params();
  p.warmup_packets = 10;
  CHECK_THROWS_AS(NetworkResults{p}, pdes::InvariantError);
}

TEST_CASE("network/pair_series follows the named sources' pairs window by window") {
  NetworkResultsParams p = small_params();
  p.pair_series_sources = {0};
  NetworkResults r(p);
  auto with_width = [](PacketDelivered d, std::uint8_t width, std::uint8_t path) {
    d.width = width;
    d.path = path;
    return d;
  };
  // Source 0 to node 3: widths 1 then 3 injected in window 3, width 2 in window 4 (the windows
  // of injection, not of delivery); source 0 to node 2 in the warm-up (counted: the series
  // covers the whole run); source 1 is not named.
  feed(r, with_width(delivered(0, 3, 1, 1, 300, 300, 320, true), 1, 0));
  feed(r, with_width(delivered(0, 3, 1, 1, 310, 310, 350, true), 3, 2));
  feed(r, with_width(delivered(0, 3, 1, 1, 400, 410, 440, true), 2, 1));
  feed(r, with_width(delivered(0, 2, 3, 2, 50, 60, 150, false), 1, 0));
  feed(r, with_width(delivered(1, 2, 3, 3, 200, 210, 260, true), 4, 1));
  const io::ResultSet set = r.local_results(pdes::RunResult{});
  CHECK_NOTHROW(set.validate());
  const io::Table* series = set.find("network/pair_series");
  REQUIRE(series != nullptr);
  REQUIRE(series->rows() == 3);
  auto cell = [&](std::size_t row, const char* column) {
    return series->at(row, series->column_index(column)).as_u64();
  };
  // Sorted by (src, dst, window).
  CHECK(cell(0, "dst") == 2);
  CHECK(cell(0, "window") == 0);  // injected at 60, delivered at 150
  CHECK(cell(1, "dst") == 3);
  CHECK(cell(1, "window") == 3);
  CHECK(cell(1, "packets_delivered") == 2);
  CHECK(cell(1, "width_sum") == 4);
  CHECK(cell(1, "width_max") == 3);
  CHECK(cell(1, "noncanonical_packets") == 1);
  CHECK(series->at(1, series->column_index("latency_sum")).as_i64() == 60 * kCycle);
  CHECK(cell(2, "window") == 4);
  CHECK(cell(2, "width_max") == 2);
  for (std::size_t row = 0; row < series->rows(); ++row) CHECK(cell(row, "src") == 0);

  NetworkResults plain(small_params());  // default: no sources named, no table
  CHECK(plain.local_results(pdes::RunResult{}).find("network/pair_series") == nullptr);
}
