// SPDX-License-Identifier: Apache-2.0
//
// The stencil skeletons: halo exchanges on a periodic process grid with reductions.
//
//   lammps  LAMMPS (Plimpton 1995): a 3D spatial decomposition; each step computes the local
//           atoms' forces, exchanges the 6 ghost faces and, for the thermodynamic output, an
//           allreduce of a few values.
//   pop     POP, the Parallel Ocean Program (Jones et al. 2005): a 2D decomposition; each step
//           the baroclinic part computes and exchanges the 4 halos, then the barotropic solver
//           iterates a preconditioned conjugate gradient whose every iteration is a tiny
//           compute, a 1-point-wide halo and an allreduce of one value (here 8 iterations).
//   mg      NAS MG (NPB 3): a 3D decomposition and a V-cycle over grid levels, each level half the
//           points per dimension; on each level, down and up, a compute and a 6-face halo
//           (until a rank holds fewer than 2 points per dimension); a norm allreduce per cycle.
#include <algorithm>

#include "models/network/workload/replay/skeletons/halo.hpp"
#include "models/network/workload/replay/skeletons/process_grid.hpp"
#include "models/network/workload/replay/skeletons/skeletons.hpp"

namespace net::replay {

std::vector<MpiOp> lammps_skeleton(const SkeletonParams& p, std::uint32_t rank) {
  const ProcessGrid grid(p.ranks, 3, true);
  const auto extent = local_extent(grid, p.problem_size);
  const auto face = faces(extent, p.bytes_per_point);
  OpWriter out;
  for (std::uint32_t it = 0; it < p.iterations; ++it) {
    out.compute(static_cast<double>(product(extent)) * p.ns_per_point);
    halo_exchange(out, grid, rank, face, 1);
    out.collective(OpKind::kAllreduce, 6ull * p.bytes_per_point);
  }
  return out.take();
}

std::vector<MpiOp> pop_skeleton(const SkeletonParams& p, std::uint32_t rank) {
  constexpr std::uint32_t kSolverIterations = 8;
  const ProcessGrid grid(p.ranks, 2, true);
  const auto extent = local_extent(grid, p.problem_size);
  const auto face = faces(extent, p.bytes_per_point);
  const std::vector<std::uint64_t> thin{extent[1] * p.bytes_per_point,
                                        extent[0] * p.bytes_per_point};
  const double points = static_cast<double>(product(extent));
  OpWriter out;
  for (std::uint32_t it = 0; it < p.iterations; ++it) {
    out.compute(points * p.ns_per_point);  // baroclinic
    halo_exchange(out, grid, rank, face, 1);
    for (std::uint32_t s = 0; s < kSolverIterations; ++s) {  // barotropic solver
      out.compute(points * p.ns_per_point / 16);
      halo_exchange(out, grid, rank, thin, 2);
      out.collective(OpKind::kAllreduce, p.bytes_per_point);
    }
  }
  return out.take();
}

std::vector<MpiOp> mg_skeleton(const SkeletonParams& p, std::uint32_t rank) {
  const ProcessGrid grid(p.ranks, 3, true);
  std::vector<std::vector<std::uint64_t>> levels;  // local extents, finest first
  for (std::uint64_t n = p.problem_size; n >= 2; n /= 2) {
    const auto extent = local_extent(grid, n);
    levels.push_back(extent);
    if (*std::min_element(extent.begin(), extent.end()) < 2) break;
  }
  OpWriter out;
  auto level = [&](const std::vector<std::uint64_t>& extent, std::int32_t tag) {
    out.compute(static_cast<double>(product(extent)) * p.ns_per_point);
    halo_exchange(out, grid, rank, faces(extent, p.bytes_per_point), tag);
  };
  for (std::uint32_t it = 0; it < p.iterations; ++it) {
    for (std::size_t l = 0; l < levels.size(); ++l) level(levels[l], 1);        // restrict
    for (std::size_t l = levels.size(); l-- > 0;) level(levels[l], 2);          // prolongate
    out.collective(OpKind::kAllreduce, p.bytes_per_point);
  }
  return out.take();
}

}  // namespace net::replay
