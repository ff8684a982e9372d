// SPDX-License-Identifier: Apache-2.0
// The network summary from tables spread over the ranks (run on 1, 2 and 4 ranks): each rank
// feeds a NetworkResults with the records of its own nodes, io::distribute spreads the tables,
// and summary(io::DistributedTables) must give the figures of one process holding every table
// whole — bit for bit, including the floating-point mean of destination means and the
// saturation verdict — while no rank holds or reads a whole network table.
#include <mpi.h>

#include <doctest/doctest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/results/combine.hpp"
#include "io/results/distribute.hpp"
#include "io/results/distributed_tables.hpp"
#include "models/network/metrics/network_results.hpp"
#include "models/network/metrics/packet_records.hpp"

using net::NetworkResults;
using net::NetworkResultsParams;
using net::PacketDelivered;
using net::PacketGenerated;

namespace {

constexpr std::int64_t kCycle = 1000;  // ticks
constexpr std::uint32_t kNodes = 64;

int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int size() {
  int s = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

// Nodes are spread over the ranks out of order, as a graph partitioner would: the slabs of
// io::distribute (node order) then mix every rank's rows.
int rank_of(std::uint32_t node, int ranks) {
  return static_cast<int>((node * 7 + node / 5) % ranks);
}

template <class R>
void feed(NetworkResults& results, const R& record) {
  results.write(pdes::Record{R::kRecordKind, pdes::LpId{0}, pdes::SimTime{0},
                             std::as_bytes(std::span(&record, 1))});
}

NetworkResultsParams params() {
  NetworkResultsParams p;
  p.num_nodes = kNodes;
  p.ticks_per_cycle = kCycle;
  p.warmup_cycles = 100;
  p.measure_end_cycle = 1600;
  p.window_cycles = 50;
  return p;
}

// 64 sources x 40 packets with latencies that differ per destination (so that the mean of the
// destinations' means is a sum of unequal doubles), a few sources whose later packets never
// arrive (the saturation test's "sources behind") and a latency that grows over the run.
// `only_rank` < 0: every record (the reference); otherwise those of that rank's nodes.
void feed_run(NetworkResults& r, int only_rank, int ranks) {
  auto mine = [&](std::uint32_t node) {
    return only_rank < 0 || rank_of(node, ranks) == only_rank;
  };
  for (std::uint32_t src = 0; src < kNodes; ++src) {
    for (std::uint32_t seq = 0; seq < 40; ++seq) {
      const std::int64_t created = (seq * 37 + src % 11) * kCycle;
      const std::uint32_t dst = (src * 5 + seq * 11 + 1) % kNodes;
      const auto size = static_cast<std::uint16_t>(1 + (src + seq) % 4);
      if (mine(src)) feed(r, PacketGenerated{src, dst, seq, size, created, 0});
      if (src % 9 == 0 && seq > 25) continue;  // never delivered
      PacketDelivered d;
      d.src = src;
      d.dst = dst;
      d.seq = seq;
      d.size = size;
      d.hops = static_cast<std::uint8_t>(1 + (src ^ dst) % 6);
      d.min_hops = static_cast<std::uint8_t>(1 + (src ^ dst) % 5);
      d.created = created;
      d.injected = created + (seq % 3) * kCycle + 7;
      d.delivered = d.injected + (9 + dst % 13 + seq / 3) * kCycle + 131 * (src % 3);
      d.measured = created >= 100 * kCycle ? 1 : 0;
      if (mine(dst)) feed(r, d);
    }
  }
}

struct Reference {
  std::vector<models::Figure> figures;
  std::uint64_t rows_read = 0;  // by one process holding every table whole
};

Reference reference() {
  NetworkResults whole(params());
  feed_run(whole, -1, 1);
  const io::ResultSet local = whole.local_results(pdes::RunResult{});
  const io::ResultSet merged = io::merge_results(std::span<const io::ResultSet>(&local, 1));
  const io::DistributedTables tables(merged);
  Reference out;
  out.figures = whole.summary(tables);
  out.rows_read = tables.rows_read();
  return out;
}

std::uint64_t total_rows(const io::DistributedResults& mine, const std::string& table) {
  for (std::size_t i = 0; i < mine.slabs.tables.size(); ++i) {
    if (mine.slabs.tables[i].name() == table) return mine.extents[i].total_rows;
  }
  FAIL("no table " << table);
  return 0;
}

}  // namespace

TEST_CASE("the summary from the ranks' slabs is the one-process summary, bit for bit") {
  NetworkResults results(params());
  feed_run(results, rank(), size());
  io::DistributedResults mine =
      io::distribute(results.local_results(pdes::RunResult{}), MPI_COMM_WORLD);
  const io::DistributedTables tables(mine.slabs, MPI_COMM_WORLD);
  const std::vector<models::Figure> figures = results.summary(tables);
  const Reference one_process = reference();
  const std::vector<models::Figure>& reference = one_process.figures;
  REQUIRE(figures.size() == reference.size());
  for (std::size_t i = 0; i < figures.size(); ++i) {
    CAPTURE(reference[i].key);
    CHECK(figures[i] == reference[i]);  // value: the same double, not a close one
  }
  // The run exercises every reduction: a saturation verdict naming a worst source, and a mean
  // of destination means over every node.
  bool saturated = false;
  for (const models::Figure& f : figures) {
    if (f.key == "saturated") saturated = f.value && *f.value == 1.0;
  }
  CHECK(saturated);

  // No rank holds, or reads for the summary, a whole network table: its slabs only.
  std::uint64_t slab_rows = 0;
  std::uint64_t whole_rows = 0;
  for (const char* name : {NetworkResults::kNodesTable, NetworkResults::kSourcesTable,
                           NetworkResults::kTimeSeriesTable}) {
    CAPTURE(name);
    const std::uint64_t held = tables.slab(name).rows();
    const std::uint64_t total = total_rows(mine, name);
    if (size() > 1) CHECK(held < total);
    slab_rows += held;
    whole_rows += total;
  }
  // The ranks' reads partition one process's: each row is read on one rank only, so no rank
  // read a gathered copy of a table.
  std::uint64_t read = tables.rows_read();
  std::uint64_t all_read = 0;
  MPI_Allreduce(&read, &all_read, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  CHECK(read > 0);
  CHECK(all_read == one_process.rows_read);
  if (size() > 1) CHECK(slab_rows < whole_rows);
}

TEST_CASE("whole_groups gives each group to the rank where it begins, in row order") {
  // Groups of 1 to 37 rows (key: group, item): several span two or more ranks' slabs.
  io::ResultSet all;
  io::Table t("g/rows", "",
              {{"group", io::ColumnType::kUInt64, "", ""},
               {"item", io::ColumnType::kUInt64, "", ""},
               {"value", io::ColumnType::kInt64, "", ""}},
              2, io::Combine::kConcatenate);
  for (std::uint64_t g = 0; g < 12; ++g) {
    for (std::uint64_t i = 0; i < 1 + (g * 13) % 37; ++i) {
      t.add_row({io::Cell::u64(g), io::Cell::u64(i), io::Cell::i64(std::int64_t(g * 100 + i))});
    }
  }
  all.tables.push_back(t);
  const io::DistributedResults share = io::even_share(all, rank(), size());
  const io::DistributedTables tables(share.slabs, MPI_COMM_WORLD);
  const io::Table regrouped = tables.whole_groups("g/rows");
  // Every group on this rank is whole...
  for (std::size_t r = 0; r < regrouped.rows(); ++r) {
    const std::uint64_t g = regrouped.at(r, 0).as_u64();
    const std::uint64_t i = regrouped.at(r, 1).as_u64();
    if (r == 0 || regrouped.at(r - 1, 0).as_u64() != g) CHECK(i == 0);
    if (r + 1 == regrouped.rows() || regrouped.at(r + 1, 0).as_u64() != g) {
      CHECK(i + 1 == 1 + (g * 13) % 37);
    }
  }
  // ...and the ranks' rows, in rank order, are the table.
  struct Count {
    std::uint64_t rows = 0;
    std::int64_t checksum = 0;
  };
  const Count c =
      tables.fold_rows(regrouped, Count{}, [](Count& s, const io::Table& x, std::size_t r) {
        s.checksum = s.checksum * 31 + x.at(r, 2).as_i64();
        ++s.rows;
      });
  Count expected;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    expected.checksum = expected.checksum * 31 + t.at(r, 2).as_i64();
    ++expected.rows;
  }
  CHECK(c.rows == expected.rows);
  CHECK(c.checksum == expected.checksum);
}

TEST_CASE("a fold adds floating-point values in row order on any rank count") {
  io::ResultSet all;
  io::Table t("f/rows", "", {{"i", io::ColumnType::kUInt64, "", ""}}, 1, io::Combine::kConcatenate);
  for (std::uint64_t i = 0; i < 1000; ++i) t.add_row({io::Cell::u64(i)});
  all.tables.push_back(t);
  auto step = [](double& sum, const io::Table& x, std::size_t r) {
    sum += 1.0 / static_cast<double>(3 + x.at(r, 0).as_u64() % 97);  // order-sensitive
  };
  const io::DistributedResults share = io::even_share(all, rank(), size());
  const io::DistributedTables tables(share.slabs, MPI_COMM_WORLD);
  const double folded = tables.fold("f/rows", 0.0, step);
  const io::DistributedTables alone(all);
  CHECK(folded == alone.fold("f/rows", 0.0, step));
  CHECK(tables.column_sums("f/rows", {"i"})[0] == 999u * 1000u / 2u);
}
