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
    if (n > 0) ops_.push_back({OpKind::kCompute, 0, 0, 0, 0, n});
  }
  void send(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    ops_.push_back({OpKind::kSend, static_cast<std::int32_t>(peer), tag, 0, 0, bytes});
  }
  void recv(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    ops_.push_back({OpKind::kRecv, static_cast<std::int32_t>(peer), tag, 0, 0, bytes});
  }
  void isend(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    ops_.push_back({OpKind::kIsend, static_cast<std::int32_t>(peer), tag, next_++, 0, bytes});
  }
  void irecv(std::uint32_t peer, std::int32_t tag, std::uint64_t bytes) {
    ops_.push_back({OpKind::kIrecv, static_cast<std::int32_t>(peer), tag, next_++, 0, bytes});
  }
  void waitall() { ops_.push_back({OpKind::kWaitall, 0, 0, 0, 0, 0}); }
  void collective(OpKind kind, std::uint64_t bytes, std::uint32_t root = 0) {
    ops_.push_back({kind, 0, 0, 0, root, bytes});
  }
  std::vector<MpiOp> take() { return std::move(ops_); }

 private:
  std::vector<MpiOp> ops_;
  std::uint32_t next_ = 0;
};

}  // namespace net::replay
