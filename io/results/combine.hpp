// SPDX-License-Identifier: Apache-2.0
//
// combine: the ranks' ResultSets become the run's ResultSet.
//
// Every rank fills a ResultSet from the records of the LPs it owns (models::ModelResults).
// io::combine, called on every rank, gathers each table from all ranks, then
//   - Combine::kConcatenate: rows are concatenated; a key present on two ranks (or twice on one)
//     is a pdes::InvariantError naming the table, the key and the ranks;
//   - Combine::kSum: rows of equal key are added column by column (integers, modulo 2^64);
// and sorted by key. The result depends neither on the rank count nor on the partition.
// Attributes (and their units) must be equal on every rank; a difference is an InvariantError
// naming the attribute and the rank. Every rank must hold the same tables, in the same order,
// with the same columns (possibly with no rows).
//
// Every rank receives the whole combined set: use it for small tables only (a model's warm-up
// reduction combines one, of at most K rows per rank). Neither the summary nor the results file
// goes through combine: io::distribute (distribute.hpp) gives each rank a share of the same rows,
// each rank writes its own, and the summary reduces them (distributed_tables.hpp). One exchange
// moves at most 2^31-1 words (16 GiB) in total; beyond that combine throws pdes::ResourceError.
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

/// One table's parts (`parts[r]` from rank r, same schema) concatenated, sorted by key (stable:
/// equal keys in rank order), then checked (kConcatenate) or summed (kSum) over equal keys.
/// The merge step of combine and of io::distribute. Throws pdes::InvariantError.
Table merge_tables(std::span<const Table* const> parts);
/// The same for rows already concatenated: `origin[i]` is the rank row i came from (in rank
/// order, for the report of a duplicate key).
Table merge_rows(Table rows, std::span<const std::size_t> origin);

/// The deterministic part of combine, without MPI: `parts[r]` is rank r's ResultSet.
/// Throws pdes::InvariantError as described above (and if `parts` is empty).
ResultSet merge_results(std::span<const ResultSet> parts);

}  // namespace io
