// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/skeletons/skeleton_trace.hpp"

#include "models/network/workload/replay/skeletons/skeletons.hpp"
#include "pdes/error.hpp"

namespace net::replay {

const std::vector<SkeletonEntry>& skeletons() {
  static const std::vector<SkeletonEntry> all = {
      {"lu", "NAS LU: 2D wavefront pipeline of the SSOR sweeps", lu_skeleton},
      {"mg", "NAS MG: 3D halo exchanges over the V-cycle's grid levels", mg_skeleton},
      {"lammps", "LAMMPS-like: 3D halo exchange and an allreduce per step", lammps_skeleton},
      {"pop", "POP-like: 2D halo, then a solver of small halos and allreduces", pop_skeleton},
      {"sweep3d", "Sweep3D-like: pipelined wavefronts over 8 octants", sweep3d_skeleton},
      {"fft", "3D FFT, slab decomposition: alltoall transposes", fft_skeleton},
  };
  return all;
}

std::vector<std::string> skeleton_names() {
  std::vector<std::string> names;
  for (const SkeletonEntry& e : skeletons()) names.push_back(e.name);
  return names;
}

SkeletonTrace::SkeletonTrace(const std::string& name, SkeletonParams params) : params_(params) {
  for (const SkeletonEntry& e : skeletons()) {
    if (e.name == name) generate_ = e.generate;
  }
  if (!generate_) {
    std::string valid;
    for (const std::string& n : skeleton_names()) valid += (valid.empty() ? "" : ", ") + n;
    throw pdes::ConfigError("workload.skeleton", "unknown skeleton '" + name + "'; valid: " + valid);
  }
}

const std::vector<MpiOp>& SkeletonTrace::ops(std::uint32_t rank) const {
  auto it = generated_.find(rank);
  if (it == generated_.end()) it = generated_.emplace(rank, generate_(params_, rank)).first;
  return it->second;
}

const std::vector<std::uint32_t>& SkeletonTrace::members(std::uint32_t comm) const {
  PDES_CHECK(false, "skeleton " + std::to_string(comm) + ": skeletons have no communicators");
  static const std::vector<std::uint32_t> none;
  return none;
}

}  // namespace net::replay
