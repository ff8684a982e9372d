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
//   file.write_attributes(results);
//   for (const io::Table& t : results.tables) file.write_table(t);
//   file.commit();
//
// Every method is collective: all ranks call it in the same order with the same data (the
// combined ResultSet; rank 0's RunMetadata is used). Tables and attributes are checked to be
// identical on every rank first (a 64-bit hash compared across ranks); a difference, e.g. a
// rank passing its local instead of the combined results, is a pdes::InvariantError on every
// rank, raised before anything is written. HDF5 failures are io::hdf5::Hdf5Error.
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
  /// 0's `metadata`.
  void write_metadata(const RunMetadata& metadata);
  /// The ResultSet's attributes at their paths, each numeric one with a unit as the companion
  /// string attribute "unit:<name>". Its tables are written by write_table.
  void write_attributes(const ResultSet& results);
  /// One table as a compound dataset (hdf5/table_writer.hpp).
  void write_table(const Table& table);
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
