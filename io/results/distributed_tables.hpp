// SPDX-License-Identifier: Apache-2.0
//
// DistributedTables: the run's combined tables as io::distribute leaves them — each rank holds a
// contiguous run of every table's rows, rank order = row order — and the collective reductions
// a summary computes from them, so that no rank ever holds a whole table for the summary.
//
// Every figure of a summary is a reduction of some table's rows. Two kinds suffice, both exact
// whatever the rank count:
//   column_sums  integer column sums (MPI_Allreduce; integer addition is associative, so the
//                sum is the one a single process computes);
//   fold         any other reduction, in particular floating-point sums, minima with ties broken
//                by row order, and order statistics: a state visits every row of the whole table
//                in row order, passed from rank r to rank r+1 after r's rows, then broadcast
//                from the last rank. The sequence of operations is exactly the loop a single
//                process runs over the whole table, so the result is bit-identical to it.
// A fold costs P-1 point-to-point messages of sizeof(State) in sequence; its State must be
// trivially copyable (it is sent as bytes) and must not grow with the table.
//
// Every call is collective over the communicator: every rank makes the same calls in the same
// order (the summary code is the same on every rank, and so are the tables it asks for).
//
//   io::DistributedResults mine = io::distribute(std::move(local), MPI_COMM_WORLD);
//   const io::DistributedTables tables(mine.slabs, MPI_COMM_WORLD);
//   const auto sums = tables.column_sums("network/nodes", {"flits_offered", "flits_accepted"});
//   struct Mean { double sum = 0; std::uint64_t n = 0; };
//   const Mean m = tables.fold("network/nodes", Mean{}, [](Mean& s, const io::Table& t,
//                                                          std::size_t row) { ... });
//
// A ResultSet that one process holds whole (a sequential run's, tests') is read through the
// same interface with the one-argument constructor.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "io/results/result_set.hpp"

namespace io {

class DistributedTables {
 public:
  /// `slabs`: this rank's rows of each combined table (DistributedResults::slabs), with every
  /// attribute; kept by reference. Collective (duplicates `comm`). Without MPI (a sequential
  /// run) the process is the only rank.
  DistributedTables(const ResultSet& slabs, MPI_Comm comm);
  /// Combined tables held whole by this process: no communication.
  explicit DistributedTables(const ResultSet& whole);
  ~DistributedTables();
  DistributedTables(const DistributedTables&) = delete;
  DistributedTables& operator=(const DistributedTables&) = delete;

  const std::map<std::string, AttributeValue>& attributes() const { return slabs_.attributes; }
  /// This rank's rows of the table `name`, or nullptr when the run has no such table (the same
  /// answer on every rank).
  const Table* find(const std::string& name) const { return slabs_.find(name); }
  /// Throws pdes::InvariantError when the run has no table `name`.
  const Table& slab(const std::string& name) const;

  /// Collective: the sums of `columns` over every row of the table, modulo 2^64 (an int64
  /// column's sum is the two's complement of its signed sum).
  std::vector<std::uint64_t> column_sums(const std::string& table,
                                         const std::vector<std::string>& columns) const;

  /// Collective: `step(state, slab, row)` for every row of the whole table, in row order,
  /// starting from `init`; every rank returns the final state.
  template <class State, class Step>
  State fold(const std::string& table, State init, Step&& step) const {
    return fold_rows(slab(table), init, step);
  }
  /// The same over `rows`, this rank's contiguous share of a table derived from the slabs
  /// (e.g. one row per group of whole_groups), in rank order.
  template <class State, class Step>
  State fold_rows(const Table& t, State init, Step&& step) const {
    static_assert(std::is_trivially_copyable_v<State>, "a fold's state is sent as bytes");
    receive_state(&init, sizeof init);
    for (std::size_t row = 0; row < t.rows(); ++row) step(init, t, row);
    rows_read_ += t.rows();
    pass_on_state(&init, sizeof init);
    return init;
  }

  /// Collective: this rank's rows of `table` regrouped so that each group — the rows sharing
  /// the first key column — lies whole on one rank, the one where it begins: a group that
  /// continues on later ranks is completed with their rows, and one that began on an earlier
  /// rank is left to it. Still in row order, rank order = row order. For figures computed per
  /// group (a mission's makespan needs all its messages); a rank then holds its share plus
  /// the rest of one group.
  Table whole_groups(const std::string& table) const;

  /// Rows this rank has read for the reductions so far: never more than its slabs hold (a test
  /// checks that on several ranks it stays below a whole table's rows).
  std::uint64_t rows_read() const { return rows_read_; }
  int rank() const { return rank_; }
  int ranks() const { return size_; }

 private:
  // The fold's hand-over: rank r waits for r-1's state, then sends its own to r+1; the last
  // rank's is broadcast.
  void receive_state(void* state, std::size_t bytes) const;
  void pass_on_state(void* state, std::size_t bytes) const;

  const ResultSet& slabs_;
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  mutable std::uint64_t rows_read_ = 0;
};

}  // namespace io
