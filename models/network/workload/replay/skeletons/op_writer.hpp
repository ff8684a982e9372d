// SPDX-License-Identifier: Apache-2.0
//
// OpWriter: writes a rank's operations for a skeleton generator, numbering its requests.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "models/network/workload/replay/mpi_op.hpp"

namespace net::replay {

class OpWriter {
 public:
  void compute(double ns) {
    const auto n = static_cast<std::uint64_t>(std::llround(ns));
    if (n > 0) add(OpKind::kCompute, 0, 0, 0, 0, n);
  }
  void send(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    add(OpKind::kSend, static_cast<std::int32_t>(peer), tag, 0, 0, bytes);
  }
  void recv(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    add(OpKind::kRecv, static_cast<std::int32_t>(peer), tag, 0, 0, bytes);
  }
  void isend(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    add(OpKind::kIsend, static_cast<std::int32_t>(peer), tag, next_++, 0, bytes);
  }
  void irecv(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    add(OpKind::kIrecv, static_cast<std::int32_t>(peer), tag, next_++, 0, bytes);
  }
  void waitall() { add(OpKind::kWaitall, 0, 0, 0, 0, 0); }
  void collective(OpKind kind, std::uint64_t bytes, std::uint32_t root = 0) {
    add(kind, 0, 0, 0, root, bytes);
  }
  std::vector<MpiOp> take() { return std::move(ops_); }

 private:
  // Every field by name: skeletons run on MPI_COMM_WORLD (comm 0).
  void add(OpKind kind, std::int32_t peer, std::int32_t tag, std::uint32_t request,
           std::uint32_t root, std::uint64_t amount) {
    MpiOp op;
    op.kind = kind;
    op.peer = peer;
    op.tag = tag;
    op.request = request;
    op.root = root;
    op.amount = amount;
    ops_.push_back(op);
  }

  std::vector<MpiOp> ops_;
  std::uint32_t next_ = 0;
};

}  // namespace net::replay
