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

void ReplayResults::add_figures(const io::ResultSet& combined,
                                std::vector<models::Figure>& figures) const {
  using models::Figure;
  const io::Table* t = combined.find(kTable);
  if (t == nullptr) return;
  const auto col = [&](const char* name) { return t->column_index(name); };
  std::uint64_t finished = 0;
  std::int64_t last = 0;
  double compute_share = 0.0, wait_share = 0.0;
  std::string deadlock;
  std::uint64_t blocked = 0;
  for (std::size_t row = 0; row < t->rows(); ++row) {
    if (t->at(row, col("finished")).as_u64() == 0) {
      if (++blocked <= 6) {
        deadlock += std::string(blocked > 1 ? "; " : "") + "rank " +
                    std::to_string(t->at(row, col("rank")).as_u64()) + " in " +
                    blocked_in(t->at(row, col("blocked_kind")).as_u64(),
                               t->at(row, col("blocked_peer")).as_i64(),
                               t->at(row, col("blocked_tag")).as_i64());
      }
      continue;
    }
    ++finished;
    last = std::max(last, t->at(row, col("finish_time")).as_i64());
  }
  for (std::size_t row = 0; row < t->rows() && last > 0; ++row) {
    compute_share += static_cast<double>(t->at(row, col("compute_time")).as_i64()) / last;
    wait_share += static_cast<double>(t->at(row, col("wait_time")).as_i64()) / last;
  }
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
  const double n = static_cast<double>(std::max<std::uint64_t>(t->rows(), 1));
  figures.push_back(Figure::number("compute_share", "compute share", compute_share / n, "",
                                   "%.3f", " (mean over ranks, of the execution time)"));
  figures.push_back(Figure::number("wait_share", "wait share", wait_share / n, "", "%.3f",
                                   " (blocked in receives, waits, collectives)"));
}

}  // namespace net::replay
