// SPDX-License-Identifier: Apache-2.0
//
// File: one HDF5 file being written, by one process or collectively by the ranks of a
// ParallelContext (MPI-IO driver, collective metadata writes). Every call that creates an
// object is collective in the parallel case: all ranks must make it, in the same order, with
// the same arguments (HDF5's rule for parallel metadata).
#pragma once

#include <string>
#include <utility>

#include "io/hdf5/handle.hpp"
#include "io/hdf5/hdf5_error.hpp"
#include "io/hdf5/parallel_context.hpp"

namespace io::hdf5 {

class File {
 public:
  /// Creates `path`, replacing an existing file. Throws Hdf5Error.
  static File create(const std::string& path, const ParallelContext& context);

  const std::string& path() const { return path_; }
  hid_t id() const { return file_.get(); }
  /// {file, "/" + object} for messages.
  Where where(const std::string& object) const;

  /// The group at `path` ("" is the root), created with its parents when missing.
  Handle open_or_create_group(const std::string& path) const;

  /// Closes the file (collective) and returns HDF5's status; later calls return 0.
  herr_t close() { return file_.close(); }

 private:
  File(std::string path, Handle file) : path_(std::move(path)), file_(std::move(file)) {}
  std::string path_;
  Handle file_;
};

}  // namespace io::hdf5
