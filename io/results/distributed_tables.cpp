// SPDX-License-Identifier: Apache-2.0
#include "io/results/distributed_tables.hpp"

#include "pdes/error.hpp"

namespace io {

namespace {

constexpr int kFoldTag = 0x5346;   // "SF": a summary fold's state
constexpr int kGroupTag = 0x5347;  // the rest of a group, sent to the rank where it begins

Table empty_like(const Table& t) {
  return Table(t.name(), t.description(), t.columns(), t.key_columns(), t.combine());
}

}  // namespace

DistributedTables::DistributedTables(const ResultSet& slabs, MPI_Comm comm) : slabs_(slabs) {
  int initialized = 0;
  int finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized == 0 || finalized != 0 || comm == MPI_COMM_NULL) return;
  // A communicator of its own: a fold's messages can never meet a receive posted by anyone
  // else on `comm` (the engine's transport listens with wildcards).
  MPI_Comm_dup(comm, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

DistributedTables::DistributedTables(const ResultSet& whole) : slabs_(whole) {}

DistributedTables::~DistributedTables() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (comm_ != MPI_COMM_NULL && finalized == 0) MPI_Comm_free(&comm_);
}

const Table& DistributedTables::slab(const std::string& name) const {
  const Table* t = slabs_.find(name);
  PDES_CHECK(t != nullptr, "results without the table " + name);
  return *t;
}

std::vector<std::uint64_t> DistributedTables::column_sums(
    const std::string& table, const std::vector<std::string>& columns) const {
  const Table& t = slab(table);
  std::vector<std::uint64_t> sums(columns.size(), 0);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::size_t c = t.column_index(columns[i]);
    for (std::size_t row = 0; row < t.rows(); ++row) sums[i] += t.at(row, c).as_u64();
  }
  rows_read_ += t.rows();
  if (size_ > 1 && !sums.empty()) {
    MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T, MPI_SUM,
                  comm_);
  }
  return sums;
}

Table DistributedTables::whole_groups(const std::string& table) const {
  const Table& mine = slab(table);
  rows_read_ += mine.rows();
  if (size_ == 1) return mine;
  PDES_CHECK(mine.key_columns() > 0, "whole_groups of a table without a key: " + table);
  const std::size_t width = mine.columns().size();
  const std::size_t rows = mine.rows();
  // Every rank's (has rows, first group, last group): where each group begins.
  const std::uint64_t edges[3] = {rows > 0 ? 1u : 0u, rows > 0 ? mine.at(0, 0).bits : 0,
                                  rows > 0 ? mine.at(rows - 1, 0).bits : 0};
  std::vector<std::uint64_t> all(3 * static_cast<std::size_t>(size_));
  MPI_Allgather(edges, 3, MPI_UINT64_T, all.data(), 3, MPI_UINT64_T, comm_);
  auto has_rows = [&](int r) { return all[3 * static_cast<std::size_t>(r)] != 0; };
  auto first = [&](int r) { return all[3 * static_cast<std::size_t>(r) + 1]; };
  auto last = [&](int r) { return all[3 * static_cast<std::size_t>(r) + 2]; };
  // Rows are sorted, so a group's rows lie on consecutive ranks; it begins on the lowest rank
  // whose last group it is.
  auto owner = [&](int r) {
    for (int q = 0; q < r; ++q) {
      if (has_rows(q) && last(q) == first(r)) return q;
    }
    return r;
  };
  Table out = empty_like(mine);
  std::vector<Cell>& cells = out.mutable_cells();
  std::size_t begin = 0;
  if (rows > 0 && owner(rank_) != rank_) {
    while (begin < rows && mine.at(begin, 0).bits == first(rank_)) ++begin;
    MPI_Send(mine.cells().data(), static_cast<int>(begin * width), MPI_UINT64_T, owner(rank_),
             kGroupTag, comm_);
  }
  cells.assign(mine.cells().begin() + static_cast<std::ptrdiff_t>(begin * width),
               mine.cells().end());
  if (rows > 0 && begin < rows) {  // my last group begins here: collect its rest, in rank order
    for (int r = rank_ + 1; r < size_; ++r) {
      if (!has_rows(r)) continue;
      if (first(r) != last(rank_)) break;
      MPI_Status status;
      MPI_Probe(r, kGroupTag, comm_, &status);
      int count = 0;
      MPI_Get_count(&status, MPI_UINT64_T, &count);
      const std::size_t at = cells.size();
      cells.resize(at + static_cast<std::size_t>(count));
      MPI_Recv(cells.data() + at, count, MPI_UINT64_T, r, kGroupTag, comm_, MPI_STATUS_IGNORE);
    }
  }
  return out;
}

void DistributedTables::receive_state(void* state, std::size_t bytes) const {
  if (size_ == 1 || rank_ == 0) return;
  MPI_Recv(state, static_cast<int>(bytes), MPI_BYTE, rank_ - 1, kFoldTag, comm_, MPI_STATUS_IGNORE);
}

void DistributedTables::pass_on_state(void* state, std::size_t bytes) const {
  if (size_ == 1) return;
  if (rank_ + 1 < size_) {
    MPI_Send(state, static_cast<int>(bytes), MPI_BYTE, rank_ + 1, kFoldTag, comm_);
  }
  MPI_Bcast(state, static_cast<int>(bytes), MPI_BYTE, size_ - 1, comm_);
}

}  // namespace io
