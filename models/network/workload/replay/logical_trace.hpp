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
// `#` starts a comment; fields are separated by blanks. check() reads every file once and
// refuses the first bad line with the file, the line and what is wrong (pdes::ConfigError on
// workload.trace_dir); ops(rank) reads one rank's file when that rank is first needed and keeps
// it, so a process holds only the traces of the ranks it simulates.
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

  /// Parses one file of a trace of `ranks` ranks.
  static std::vector<MpiOp> parse(const std::filesystem::path& file, std::uint32_t ranks);

 private:
  std::filesystem::path dir_;
  std::uint32_t ranks_ = 0;
  // A cache filled on demand while the workload, which is const, runs: one rank of a process
  // at a time (the kernel is single-threaded), so no lock.
  mutable std::map<std::uint32_t, std::vector<MpiOp>> loaded_;
};

}  // namespace net::replay
