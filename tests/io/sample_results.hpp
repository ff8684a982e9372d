// SPDX-License-Identifier: Apache-2.0
//
// A model-like ResultSet split over ranks, for the tests of io/results and io/hdf5.
//
// sample_part(rank, ranks) is what one rank of a model would hand to io::combine; the combined
// result does not depend on `ranks`, which is what the tests check (in memory and, through
// tests/io/results_writer_main.cpp, in the HDF5 file):
//   - network/nodes          kConcatenate, key node: node n belongs to rank n % ranks;
//   - network/latency_map    kSum, keys (router, port): event e adds to (e % 5, e % 3) on rank
//                            e % ranks, so each rank holds partial sums of the same keys;
//   - network/time_series    kConcatenate, key window (int64, negative windows included), with
//                            floating-point columns, windows dealt out in blocks;
//   - network/packets        kConcatenate, 100 000 rows: several chunks, split unevenly;
//   - empty                  a table with no rows.
// `perturb` changes one cell of network/nodes, for tests that a comparison notices it.
#pragma once

#include <chrono>
#include <cstdint>

#include "io/hdf5/run_metadata.hpp"
#include "io/results/result_set.hpp"

namespace io_test {

inline constexpr std::uint64_t kNodes = 37;
inline constexpr std::uint64_t kLatencyEvents = 1000;
inline constexpr std::int64_t kFirstWindow = -3;
inline constexpr std::int64_t kWindows = 20;
inline constexpr std::uint64_t kPackets = 100000;

inline io::ResultSet sample_part(int rank, int ranks, bool perturb = false) {
  using io::Cell;
  using io::ColumnType;
  const auto r = static_cast<std::uint64_t>(rank);
  const auto p = static_cast<std::uint64_t>(ranks);
  io::ResultSet s;

  io::Table nodes("network/nodes", "Per compute node",
                  {{"node", ColumnType::kUInt64, "", "node id"},
                   {"packets", ColumnType::kUInt64, "packets", "packets received"},
                   {"latency_sum", ColumnType::kInt64, "ps", "sum of latencies"},
                   {"mean_latency", ColumnType::kFloat64, "ps", "mean latency"}},
                  1, io::Combine::kConcatenate);
  // Filled in descending order: combine must sort.
  for (std::uint64_t n = kNodes; n-- > 0;) {
    if (n % p != r) continue;
    const std::int64_t sum = static_cast<std::int64_t>(n * 1000 + 7) * (n % 2 == 0 ? 1 : -1);
    const std::uint64_t packets = n + 1 + (perturb && n == 11 ? 1 : 0);
    nodes.add_row({Cell::u64(n), Cell::u64(packets), Cell::i64(sum),
                   Cell::f64(static_cast<double>(sum) / static_cast<double>(n + 1))});
  }
  s.tables.push_back(std::move(nodes));

  io::Table map("network/latency_map", "Contention per router port",
                {{"router", ColumnType::kUInt64, "", "router id"},
                 {"port", ColumnType::kUInt64, "", "output port"},
                 {"flits", ColumnType::kUInt64, "flits", "flits sent"},
                 {"waiting", ColumnType::kInt64, "ps", "time spent waiting"}},
                2, io::Combine::kSum);
  for (std::uint64_t e = 0; e < kLatencyEvents; ++e) {
    if (e % p != r) continue;
    map.accumulate_row({Cell::u64(e % 5), Cell::u64(e % 3), Cell::u64(1),
                        Cell::i64(static_cast<std::int64_t>(e) - 400)});
  }
  s.tables.push_back(std::move(map));

  io::Table series("network/time_series", "Per time window",
                   {{"window", ColumnType::kInt64, "", "window index"},
                    {"offered_load", ColumnType::kFloat64, "flits/node/cycle", "offered load"},
                    {"accepted_load", ColumnType::kFloat64, "flits/node/cycle", "accepted load"}},
                   1, io::Combine::kConcatenate);
  for (std::int64_t w = kFirstWindow; w < kFirstWindow + kWindows; ++w) {
    const auto i = static_cast<std::uint64_t>(w - kFirstWindow);
    if (i * p / static_cast<std::uint64_t>(kWindows) != r) continue;
    series.add_row({Cell::i64(w), Cell::f64(0.1 * static_cast<double>(i)),
                    Cell::f64(0.1 * static_cast<double>(i) / 3.0)});
  }
  s.tables.push_back(std::move(series));

  io::Table packets("network/packets", "Sampled packets",
                    {{"packet", ColumnType::kUInt64, "", "packet id"},
                     {"source", ColumnType::kUInt64, "", "source node"},
                     {"latency", ColumnType::kInt64, "ps", "latency"}},
                    1, io::Combine::kConcatenate);
  // Uneven split: rank 0 gets the most.
  for (std::uint64_t k = 0; k < kPackets; ++k) {
    const std::uint64_t owner = (k * k) % (p * p) / p;
    if (owner != r) continue;
    packets.add_row({Cell::u64(k), Cell::u64(k % kNodes), Cell::i64(static_cast<std::int64_t>(k % 977) * 13)});
  }
  s.tables.push_back(std::move(packets));

  s.tables.emplace_back("empty", "A table without rows",
                        std::vector<io::Column>{{"id", ColumnType::kUInt64, "", "id"}}, 1,
                        io::Combine::kConcatenate);

  s.attributes["model"] = std::string("sample");
  s.attributes["network/offered_load"] = 0.3;
  s.attributes["network/nodes"] = std::int64_t{kNodes};
  s.attribute_units["network/offered_load"] = "flits/node/cycle";
  s.attribute_units["network/nodes"] = "nodes";
  return s;
}

/// Metadata as the app would fill it; the per-rank statistics and the wall-clock times differ
/// between rank counts, the totals do not.
inline io::RunMetadata sample_metadata(int ranks) {
  io::RunMetadata m;
  m.warpnet_version = "0.1.0";
  m.git_revision = "test";
  m.config_toml = "[simulation]\nname = \"sample\"\nseed = 42\nengine = \"optimistic\"\n";
  m.seed = 42;
  m.engine = "optimistic";
  m.partitioner = "block";
  m.edge_cut = static_cast<std::uint64_t>(ranks - 1) * 10;
  // A block mapping of one LP per node, with uneven weights: /run/partition is written by
  // every rank from its own copy of it.
  for (std::uint64_t lp = 0; lp < kNodes; ++lp) {
    m.rank_of_lp.push_back(static_cast<std::int32_t>(lp * static_cast<std::uint64_t>(ranks) / kNodes));
    m.vertex_weights.push_back(static_cast<std::uint32_t>(1 + lp % 3));
  }
  m.start_time = std::chrono::system_clock::now();
  m.end_time = m.start_time + std::chrono::milliseconds(1500);
  m.result.num_ranks = ranks;
  m.result.reason = pdes::TerminationReason::end_time_reached;
  m.result.total.events_committed = 1000;
  m.result.total.event_digest = 0xfedcba9876543210ULL;
  for (int r = 0; r < ranks; ++r) {
    pdes::EngineStatistics s;
    s.events_committed = 1000 / static_cast<std::uint64_t>(ranks);
    s.events_processed = s.events_committed + static_cast<std::uint64_t>(r) * 3;
    s.wall_seconds = 1.25;
    m.result.per_rank.push_back(s);
  }
  return m;
}

}  // namespace io_test
