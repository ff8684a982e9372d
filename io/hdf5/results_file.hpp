// SPDX-License-Identifier: Apache-2.0
//
// ResultsFile: one results file while it is being written, collectively by all ranks.
//
// The constructor creates the hidden temporary file (output_path.hpp) next to the final path;
// commit() closes it and renames it to the final path; if the object is destroyed without a
// successful commit (an exception, an early return) the temporary file is removed. So the
// final name either does not exist or names a complete file. io::write_results is the usual
// way to use it; a program that writes in steps (tests/io/slow_writer_main.cpp) uses it
// directly.
//
//   io::ResultsFile file("out.h5", MPI_COMM_WORLD);
//   file.write_metadata(metadata);
//   file.write_attributes(mine.slabs);
//   for (std::size_t i = 0; i < mine.extents.size(); ++i)
//     file.write_table(mine.slabs.tables[i], mine.extents[i]);   // each rank its own rows
//   file.commit();
//
// Every method is collective: all ranks call it in the same order. Attributes, table schemas
// and row counts must be identical on every rank (a 64-bit hash compared across ranks); a
// difference is a pdes::InvariantError on every rank, raised before anything is written. The
// rows are each rank's own (a slab, io/results/distribute.hpp), or, through the overload for a
// whole table, the same on every rank (checked the same way: e.g. a rank passing its local
// instead of the combined results is caught). HDF5 failures are io::hdf5::Hdf5Error.
//
// A failure on a single rank (an I/O error seen by one rank only) cannot be recovered inside a
// collective write: the app aborts the job (MPI_Abort), and what remains is the temporary
// file, as after a kill.
#pragma once

#include <mpi.h>

#include <optional>
#include <string>

#include "io/hdf5/file.hpp"
#include "io/hdf5/hdf5_error.hpp"
#include "io/hdf5/parallel_context.hpp"
#include "io/hdf5/run_metadata.hpp"
#include "io/results/distribute.hpp"
#include "io/results/result_set.hpp"

namespace io {

class ResultsFile {
 public:
  /// Collective: creates the temporary file for `final_path` (the pid in its name is rank 0's).
  ResultsFile(std::string final_path, MPI_Comm comm);
  /// Removes the temporary file unless commit() succeeded.
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  const std::string& final_path() const { return final_path_; }
  const std::string& temporary_path() const { return temporary_path_; }

  /// Root attributes, the /run group and /run/engine_statistics (run_metadata.hpp), from rank
  /// 0's `metadata`; /run/partition from every rank's own copy of the mapping (which must be
  /// the same everywhere), each rank writing an even share of its rows.
  void write_metadata(const RunMetadata& metadata);
  /// The ResultSet's attributes at their paths, each numeric one with a unit as the companion
  /// string attribute "unit:<name>". Its tables are written by write_table.
  void write_attributes(const ResultSet& results);
  /// One table, the same whole table on every rank, as a compound dataset
  /// (hdf5/table_writer.hpp); rank r writes rows [n*r/P, n*(r+1)/P).
  void write_table(const Table& table);
  /// One table from its slabs: `slab` holds the schema (the same on every rank) and this
  /// rank's rows, located by `extent` (io::distribute).
  void write_table(const Table& slab, const SlabExtent& extent);
  /// Closes the file and renames it to final_path() (replacing a file of that name: whether
  /// that is allowed was decided by check_output_path before the run).
  void commit();

 private:
  void require_same_on_all_ranks(std::uint64_t hash, const std::string& what) const;
  void write_attribute_set(const ResultSet& attributes);

  std::string final_path_;
  hdf5::ParallelContext context_;
  hdf5::ErrorStackSilencer silencer_;
  std::string temporary_path_;
  std::optional<hdf5::File> file_;
  bool committed_ = false;
};

}  // namespace io
