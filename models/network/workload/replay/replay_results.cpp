// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/replay_results.hpp"

#include <algorithm>
#include <string>

#include "models/network/workload/replay/mpi_op.hpp"
#include "models/network/workload/replay/replay_state.hpp"

namespace net::replay {

namespace {

constexpr double kTicksPerNs = 1000.0;

std::string blocked_in(std::uint64_t kind, std::int64_t peer, std::int64_t tag) {
  const auto k = static_cast<OpKind>(kind);
  std::string s(to_string(k));
  auto who = [](std::int64_t v) { return v < 0 ? std::string("any") : std::to_string(v); };
  if (k == OpKind::kRecv || k == OpKind::kIrecv) s += " from " + who(peer) + " tag " + who(tag);
  if (k == OpKind::kSend) s += " to " + who(peer) + " tag " + who(tag) + " (rendezvous)";
  if (k == OpKind::kBcast || k == OpKind::kReduce) s += " (root " + who(peer) + ")";
  return s;
}

}  // namespace

void ReplayResults::write(const pdes::Record& record) {
  totals_.push_back(record.as<RankReplayTotals>());
}

void ReplayResults::add_tables(io::ResultSet& local) const {
  using io::Cell;
  using io::ColumnType;
  io::Table t(kTable, "Per MPI rank of the trace replay: time, traffic and, if it never "
                      "finished, the operation it was blocked in",
              {{"rank", ColumnType::kUInt64, "", "MPI rank"},
               {"node", ColumnType::kUInt64, "", "the compute node that ran it"},
               {"finished", ColumnType::kUInt64, "", "1 if it ran its last operation"},
               {"finish_time", ColumnType::kInt64, "ps", "when (-1: never)"},
               {"compute_time", ColumnType::kInt64, "ps", "in compute gaps"},
               {"wait_time", ColumnType::kInt64, "ps",
                "blocked in receives, waits and collectives"},
               {"messages_sent", ColumnType::kUInt64, "messages", "point to point and collective"},
               {"bytes_sent", ColumnType::kUInt64, "bytes", "in those messages"},
               {"operations_done", ColumnType::kUInt64, "", "trace operations begun"},
               {"blocked_kind", ColumnType::kUInt64, "",
                "unfinished: the operation it was blocked in (mpi_op.hpp OpKind)"},
               {"blocked_peer", ColumnType::kInt64, "", "its peer or root (-1: any)"},
               {"blocked_tag", ColumnType::kInt64, "", "its tag (-1: any)"}},
              1, io::Combine::kConcatenate);
  std::vector<RankReplayTotals> sorted = totals_;
  std::sort(sorted.begin(), sorted.end(),
            [](const auto& a, const auto& b) { return a.rank < b.rank; });
  for (const RankReplayTotals& r : sorted) {
    const bool finished = r.mode == static_cast<std::uint8_t>(Mode::kFinished);
    t.add_row({Cell::u64(r.rank), Cell::u64(r.node), Cell::u64(finished ? 1 : 0),
               Cell::i64(r.finished_at), Cell::i64(r.compute_ticks), Cell::i64(r.wait_ticks),
               Cell::u64(r.messages_sent), Cell::u64(r.bytes_sent), Cell::u64(r.operations_done),
               Cell::u64(r.blocked_kind), Cell::i64(r.blocked_peer), Cell::i64(r.blocked_tag)});
  }
  local.tables.push_back(std::move(t));
}

void ReplayResults::add_figures(const io::DistributedTables& tables,
                                std::vector<models::Figure>& figures) const {
  using models::Figure;
  const io::Table* schema = tables.find(kTable);
  if (schema == nullptr) return;
  const auto col = [&](const char* name) { return schema->column_index(name); };
  const std::size_t c_finished = col("finished"), c_rank = col("rank"),
                    c_kind = col("blocked_kind"), c_peer = col("blocked_peer"),
                    c_tag = col("blocked_tag"), c_finish = col("finish_time"),
                    c_compute = col("compute_time"), c_wait = col("wait_time");
  // In rank order over the whole table (a fold): the first kListed blocked ranks are named.
  constexpr std::size_t kListed = 6;
  struct Blocked {
    std::uint64_t rank, kind;
    std::int64_t peer, tag;
  };
  struct Scan {
    std::uint64_t rows = 0, finished = 0, blocked = 0;
    std::int64_t last = 0;
    Blocked listed[kListed] = {};
  };
  const Scan scan = tables.fold(kTable, Scan{}, [&](Scan& s, const io::Table& t, std::size_t row) {
    ++s.rows;
    if (t.at(row, c_finished).as_u64() == 0) {
      if (++s.blocked <= kListed) {
        s.listed[s.blocked - 1] = {t.at(row, c_rank).as_u64(), t.at(row, c_kind).as_u64(),
                                   t.at(row, c_peer).as_i64(), t.at(row, c_tag).as_i64()};
      }
      return;
    }
    ++s.finished;
    s.last = std::max(s.last, t.at(row, c_finish).as_i64());
  });
  const std::uint64_t finished = scan.finished;
  const std::uint64_t blocked = scan.blocked;
  const std::int64_t last = scan.last;
  std::string deadlock;
  for (std::size_t i = 0; i < std::min<std::uint64_t>(blocked, kListed); ++i) {
    const Blocked& b = scan.listed[i];
    deadlock += std::string(i > 0 ? "; " : "") + "rank " + std::to_string(b.rank) + " in " +
                blocked_in(b.kind, b.peer, b.tag);
  }
  // Floating-point sums: folded in rank order, as one process adds them.
  struct Shares {
    double compute = 0.0, wait = 0.0;
  };
  const Shares shares =
      last <= 0
          ? Shares{}
          : tables.fold(kTable, Shares{}, [&](Shares& s, const io::Table& t, std::size_t row) {
              s.compute += static_cast<double>(t.at(row, c_compute).as_i64()) / last;
              s.wait += static_cast<double>(t.at(row, c_wait).as_i64()) / last;
            });
  const double compute_share = shares.compute;
  const double wait_share = shares.wait;
  figures.push_back(Figure::number("ranks_finished", "ranks finished",
                                   static_cast<double>(finished), "",
                                   ("%.0f of " + std::to_string(ranks_)).c_str()));
  if (blocked > 0) {
    figures.push_back({"trace_deadlock", "trace deadlock", static_cast<double>(blocked), "",
                       std::to_string(blocked) + " rank" + (blocked == 1 ? "" : "s") +
                           " blocked with nothing in flight: " + deadlock +
                           (blocked > 6 ? "; ..." : "")});
    return;
  }
  figures.push_back(Figure::number("execution_time", "execution time",
                                   static_cast<double>(last) / kTicksPerNs, "ns", "%.0f",
                                   " (the last rank's finish)"));
  const double n = static_cast<double>(std::max<std::uint64_t>(scan.rows, 1));
  figures.push_back(Figure::number("compute_share", "compute share", compute_share / n, "",
                                   "%.3f", " (mean over ranks, of the execution time)"));
  figures.push_back(Figure::number("wait_share", "wait share", wait_share / n, "", "%.3f",
                                   " (blocked in receives, waits, collectives)"));
}

}  // namespace net::replay
