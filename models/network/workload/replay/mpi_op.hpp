// SPDX-License-Identifier: Apache-2.0
//
// MpiOp: one operation of a rank's logical trace (docs/workloads.md, "Trace replay"): a compute
// gap, a point-to-point operation or a collective, on a communicator (0: MPI_COMM_WORLD).
#pragma once

#include <cstdint>
#include <string_view>

namespace net::replay {

enum class OpKind : std::uint8_t {
  kCompute,    ///< ns: compute for this long (scaled by workload.compute_scale)
  kSend,       ///< peer, tag, bytes: blocking standard send (eager: completes at once)
  kIsend,      ///< peer, tag, bytes, request: non-blocking send
  kRecv,       ///< peer (or any), tag (or any), bytes: blocking receive
  kIrecv,      ///< peer (or any), tag (or any), bytes, request: non-blocking receive
  kWait,       ///< request: until that request completes
  kWaitall,    ///< until every open request completes
  kBarrier,
  kBcast,      ///< root, bytes
  kReduce,     ///< root, bytes
  kAllreduce,  ///< bytes
  kAlltoall,   ///< bytes (to each peer)
  kAllgather,  ///< bytes (from each peer)
  /// For tests only: the rank fails when it reaches this operation (amount: a FaultKind), so
  /// that a test can make a model fail mid-run on the process of its choice.
  kFault,
};

enum class FaultKind : std::uint8_t { kConfig, kAlloc, kError, kInvariant };

/// Wildcards of a receive: MPI_ANY_SOURCE, MPI_ANY_TAG.
inline constexpr std::int32_t kAny = -1;

struct MpiOp {
  OpKind kind = OpKind::kCompute;
  std::int32_t peer = 0;  ///< destination or source, a global rank (kAny: any member of comm)
  std::int32_t tag = 0;   ///< >= 0, or kAny (receives)
  std::uint32_t request = 0;  ///< isend/irecv/wait: the request's number, chosen by the trace
  std::uint32_t root = 0;     ///< bcast, reduce: the root's rank within the communicator
  std::uint32_t comm = 0;     ///< the communicator (0: MPI_COMM_WORLD)
  std::uint64_t amount = 0;   ///< bytes, or ns for kCompute
  bool operator==(const MpiOp&) const = default;
};

std::string_view to_string(OpKind kind);

}  // namespace net::replay
