// SPDX-License-Identifier: Apache-2.0
//
// write_results: the run's results file, in one call. The layout is the public schema of
// docs/hdf5-schema.md (version io::kSchemaVersion).
//
// The app, on every rank, after the run:
//
//   io::check_output_path(path, force);                            // before the run: exit 2
//   ...
//   io::DistributedResults mine = io::distribute(local, MPI_COMM_WORLD);  // collective
//   io::write_results(path, mine, metadata, MPI_COMM_WORLD);               // collective
//
// Each rank writes its own rows (parallel HDF5, MPI-IO driver, collective H5Dwrite); no rank
// holds a whole table. The overload for a combined ResultSet (every rank holds every table
// whole, io::combine) writes the same file; tests and small tools use it.
//
// The file appears under its final name only once complete (io::ResultsFile). Without MPI (a
// sequential run) pass any communicator: the file is written by this process alone.
#pragma once

#include <mpi.h>

#include <string>

#include "io/hdf5/run_metadata.hpp"
#include "io/hdf5/schema_version.hpp"
#include "io/results/distribute.hpp"
#include "io/results/result_set.hpp"

namespace io {

/// Collective. `results` is this rank's share (io::distribute); `metadata` is taken from rank 0
/// (its partition from every rank, which must agree). Throws like the overload below.
void write_results(const std::string& path, const DistributedResults& results,
                   const RunMetadata& metadata, MPI_Comm comm);

/// Collective. `results` is the combined ResultSet (the same on every rank); `metadata` is
/// taken from rank 0. Throws pdes::InvariantError for results that break the schema's rules
/// (before the file is created), io::hdf5::Hdf5Error for HDF5 failures, std::runtime_error
/// when the final rename fails; the temporary file is removed in every case.
void write_results(const std::string& path, const ResultSet& results, const RunMetadata& metadata,
                   MPI_Comm comm);

}  // namespace io
