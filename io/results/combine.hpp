// SPDX-License-Identifier: Apache-2.0
//
// combine: the ranks' ResultSets become the run's ResultSet.
//
// Every rank fills a ResultSet from the records of the LPs it owns (models::ModelResults). After
// the run the app calls io::combine on every rank; each table is gathered from all ranks, then
//   - Combine::kConcatenate: rows are concatenated; a key present on two ranks (or twice on one)
//     is a pdes::InvariantError naming the table, the key and the ranks;
//   - Combine::kSum: rows of equal key are added column by column (integers, modulo 2^64);
// and sorted by key. The result depends neither on the rank count nor on the partition.
// Attributes (and their units) must be equal on every rank; a difference is an InvariantError
// naming the attribute and the rank. Every rank must hold the same tables, in the same order,
// with the same columns (possibly with no rows).
//
// Every rank receives the whole combined set. Why not only rank 0, or only a slab per rank:
//   - the HDF5 file is written collectively, and parallel HDF5 requires every rank to make the
//     same metadata calls (create each group, dataset and attribute with identical arguments),
//     so every rank needs every table's schema and every attribute anyway;
//   - with the whole sorted table, a rank's slab for the collective write is simply rows
//     [n*r/P, n*(r+1)/P): no second exchange, and the file layout depends only on n;
//   - the end-of-run summary can be computed on any rank from the same data.
// The cost is that each rank holds the whole results in memory, which is what tables of
// per-node, per-port or per-window figures need (megabytes); a packet trace of unbounded size
// does not belong in a ResultSet. One exchange moves at most 2^31-1 words (16 GiB) in total;
// beyond that combine throws pdes::ResourceError.
//
//   io::ResultSet local = results->local_results(run);
//   io::ResultSet all = io::combine(local, MPI_COMM_WORLD);   // on every rank
//
// Without MPI (MPI_Init not called: a sequential run) combine treats the process as the only
// rank, so the same code path sorts, checks and sums a single rank's tables.
#pragma once

#include <mpi.h>

#include <span>

#include "io/results/result_set.hpp"

namespace io {

/// Collective over `comm`: every rank calls it with its part and gets the same combined set.
ResultSet combine(const ResultSet& local, MPI_Comm comm);

/// The deterministic part of combine, without MPI: `parts[r]` is rank r's ResultSet.
/// Throws pdes::InvariantError as described above (and if `parts` is empty).
ResultSet merge_results(std::span<const ResultSet> parts);

}  // namespace io
