// SPDX-License-Identifier: Apache-2.0
//
// SkeletonTrace: a TraceSource whose ranks' operations a skeleton generator writes (by name,
// workload.skeleton: lu, mg, lammps, pop, sweep3d, fft), each rank's when first needed.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "models/network/workload/replay/skeletons/skeleton_params.hpp"
#include "models/network/workload/replay/trace_source.hpp"

namespace net::replay {

using SkeletonGenerator = std::function<std::vector<MpiOp>(const SkeletonParams&, std::uint32_t)>;

struct SkeletonEntry {
  std::string name;
  std::string description;
  SkeletonGenerator generate;
};

/// Every skeleton, one line each (skeleton_trace.cpp).
const std::vector<SkeletonEntry>& skeletons();
std::vector<std::string> skeleton_names();

class SkeletonTrace final : public TraceSource {
 public:
  /// Throws pdes::ConfigError (workload.skeleton) for an unknown name.
  SkeletonTrace(const std::string& name, SkeletonParams params);
  std::uint32_t ranks() const override { return params_.ranks; }
  const std::vector<MpiOp>& ops(std::uint32_t rank) const override;
  /// Skeletons run on MPI_COMM_WORLD only.
  const std::vector<std::uint32_t>& members(std::uint32_t comm) const override;

 private:
  SkeletonGenerator generate_;
  SkeletonParams params_;
  // Filled on demand by the (single-threaded) kernel: the ranks this process simulates.
  mutable std::map<std::uint32_t, std::vector<MpiOp>> generated_;
};

}  // namespace net::replay
