// SPDX-License-Identifier: Apache-2.0
//
// distribute: the ranks' ResultSets become the run's tables *without* any rank holding them
// whole. The results file is written from it (io::write_results), each rank writing its own
// rows collectively (docs/hdf5-schema.md, "How the file is written").
//
// The combined table of io::combine is sorted by key and merged (concatenated or summed over
// equal keys). distribute produces exactly that table, cut into one contiguous run of rows
// per rank, rank order = row order:
//   1. each rank sorts and merges its own rows (io::merge_tables on one part);
//   2. the ranks agree on P-1 splitter keys from a small, evenly spaced sample of every rank's
//      sorted keys (MPI_Allgatherv of at most kSamplesPerRank keys per rank and table);
//   3. every row goes to the rank whose key range holds it (MPI_Alltoallv; the rows for one
//      destination are a contiguous run of the sorted rows, so nothing is copied to send);
//   4. each rank merges what it received: rows of equal key meet on one rank, so a kSum table
//      sums there and a kConcatenate table detects a key sent by two ranks, as combine does;
//   5. MPI_Exscan of the slab sizes gives each slab's first row in the file, MPI_Allreduce the
//      table's row count.
// Rows, their order and their sums are those of io::combine, so the file does not depend on
// the rank count; only which rank writes which rows does (the splitters depend on P). A rank
// holds about its own share of each table twice (received rows and their merge), never the
// whole table: rank 0's memory no longer grows with the whole network's tables.
//
// Attributes must be equal on every rank, and every rank must hold the same tables in the same
// order with the same columns: a difference is a pdes::InvariantError on every rank. A key
// occurring twice in a kConcatenate table is an InvariantError on the rank that finds it (the
// app aborts the job). Without MPI (a sequential run) the process is the only rank.
//
//   io::DistributedResults mine = io::distribute(results->local_results(run), MPI_COMM_WORLD);
//   io::write_results(path, mine, metadata, MPI_COMM_WORLD);   // collective
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "io/results/result_set.hpp"

namespace io {

/// Sample keys per rank and table from which splitters are chosen: more gives better balance,
/// the cost is P * kSamplesPerRank keys per table on every rank.
inline constexpr std::size_t kSamplesPerRank = 64;

/// Where one rank's rows lie in the whole table.
struct SlabExtent {
  std::uint64_t first_row = 0;   ///< index, in the whole table, of this rank's first row
  std::uint64_t total_rows = 0;  ///< rows of the whole table (every rank)
};

/// This rank's share of the run's results: every attribute, every table's schema, and a
/// contiguous run of each table's rows. `extents[i]` locates `slabs.tables[i]`.
struct DistributedResults {
  ResultSet slabs;
  std::vector<SlabExtent> extents;
};

/// Collective over `comm` (see above). Takes `local` by value so that a caller can move it in:
/// each table's rows are then released as soon as they are sorted, and the sorted copy as soon
/// as it is sent, so that a rank holds about twice its share of one table at a time.
DistributedResults distribute(ResultSet local, MPI_Comm comm);

/// Rank `rank` of `ranks`'s even share, rows [n*rank/ranks, n*(rank+1)/ranks), of a combined
/// ResultSet that every rank holds whole (tests, and small tables like /run/partition).
DistributedResults even_share(const ResultSet& combined, int rank, int ranks);

}  // namespace io
