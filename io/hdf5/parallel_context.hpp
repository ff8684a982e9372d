// SPDX-License-Identifier: Apache-2.0
//
// ParallelContext: the ranks that write one file together, and the few collectives the writer
// needs to keep them in step.
//
// A sequential run does not start MPI (app/mpi_session.hpp). The writer then works alone: the
// file uses HDF5's default POSIX driver, every collective below is the identity, and the same
// code path writes the same file as one MPI rank would.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace io::hdf5 {

class ParallelContext {
 public:
  /// `comm` is used only when MPI has been initialised (and not finalised).
  explicit ParallelContext(MPI_Comm comm);

  bool mpi() const { return mpi_; }
  MPI_Comm comm() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

  /// Whether `local` is true on every rank (collective).
  bool all(bool local) const;
  /// Whether every rank passed the same value (collective).
  bool same_everywhere(std::uint64_t value) const;
  /// Rank 0's value on every rank (collective).
  std::uint64_t broadcast(std::uint64_t value) const;
  /// Rank 0's words on every rank (collective; other ranks' input is replaced).
  void broadcast(std::vector<std::uint64_t>& words) const;
  /// Rank 0's text on every rank (collective).
  std::string broadcast(const std::string& text) const;

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  bool mpi_ = false;
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace io::hdf5
