// SPDX-License-Identifier: Apache-2.0
//
// TraceSource: where a replay's operations come from, one sequence per MPI rank — logical trace
// files (logical_trace.hpp) or a skeleton generator (skeletons/skeleton_trace.hpp). A source is
// shared by every node of a process and hands out a rank's operations when they are first asked
// for (by ReplayWorkload::load_input, before the run, for the ranks the process simulates), so
// a process reads and holds only those ranks.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/workload/replay/mpi_op.hpp"

namespace net::replay {

class TraceSource {
 public:
  virtual ~TraceSource() = default;
  virtual std::uint32_t ranks() const = 0;
  /// Rank `rank`'s operations, in order.
  virtual const std::vector<MpiOp>& ops(std::uint32_t rank) const = 0;
  /// The global ranks of communicator `comm` (> 0), in their order within it; communicator 0
  /// is MPI_COMM_WORLD (every rank in order) and has no list.
  virtual const std::vector<std::uint32_t>& members(std::uint32_t comm) const = 0;
};

}  // namespace net::replay
