// SPDX-License-Identifier: Apache-2.0
//
// LogicalTrace: a directory of logical traces, one text file per MPI rank, rank-<r>.trace for
// r = 0 .. P-1 (docs/workloads.md, "Trace replay"). One operation per line:
//
//   compute 1500                  # ns
//   send 3 7 4096                 # peer tag bytes (blocking)
//   isend 3 7 4096 1              # peer tag bytes request
//   recv any 7 4096               # peer|any tag|any bytes (blocking)
//   irecv 2 any 4096 2            # ... request
//   wait 1
//   waitall
//   barrier
//   bcast 0 1024                  # root bytes
//   reduce 0 8                    # root bytes
//   allreduce 8                   # bytes
//   alltoall 1024                 # bytes to each peer
//   allgather 64                  # bytes from each peer
//
// Any operation but compute and the waits may end with `comm=ID`: it then runs on communicator ID
// of communicators.txt (one line per communicator: `ID rank rank ...`, IDs from 1, the global
// ranks in their order within it; a line with the ID alone is an empty communicator, which no
// operation can use), its peers and roots counted within the communicator, as in MPI; without
// it, on MPI_COMM_WORLD.
// `#` starts a comment; fields are separated by blanks. ops(rank) reads one rank's file when
// that rank is first needed and keeps it, refusing the first bad line with the file, the line
// and what is wrong (pdes::ConfigError on workload.trace_dir). The replay asks, before the run,
// for the ranks of the nodes its process simulates (ReplayWorkload::load_input), so a process
// reads and holds only those ranks' traces. check() parses every file, keeping nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <vector>

#include "models/network/workload/replay/mpi_op.hpp"
#include "models/network/workload/replay/trace_source.hpp"

namespace net::replay {

class LogicalTrace final : public TraceSource {
 public:
  /// Finds rank-0.trace .. rank-(P-1).trace in `dir`; throws pdes::ConfigError if there are
  /// none, or if the numbering has a gap.
  explicit LogicalTrace(std::filesystem::path dir);

  std::uint32_t ranks() const override { return ranks_; }
  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path file_of(std::uint32_t rank) const;

  /// Parses every rank's file, keeping nothing: throws pdes::ConfigError at the first bad line.
  void check() const;
  /// Rank `rank`'s operations (parsed on first use).
  const std::vector<MpiOp>& ops(std::uint32_t rank) const override;

  const std::vector<std::uint32_t>& members(std::uint32_t comm) const override {
    return comms_.at(comm - 1);
  }

  /// Parses rank `rank`'s file of a trace of `ranks` ranks with communicators `comms` (ID i + 1
  /// at index i).
  static std::vector<MpiOp> parse(const std::filesystem::path& file, std::uint32_t ranks,
                                  std::uint32_t rank,
                                  const std::vector<std::vector<std::uint32_t>>& comms);

 private:
  /// Reads communicators.txt, if there is one.
  void read_communicators();

  std::filesystem::path dir_;
  std::uint32_t ranks_ = 0;
  std::vector<std::vector<std::uint32_t>> comms_;  ///< communicators.txt, ID i + 1 at index i
  // A cache filled on demand while the workload, which is const, runs: one rank of a process
  // at a time (the kernel is single-threaded), so no lock.
  mutable std::map<std::uint32_t, std::vector<MpiOp>> loaded_;
};

}  // namespace net::replay
