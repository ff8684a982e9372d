// SPDX-License-Identifier: Apache-2.0
//
// NAS LU (NPB 3, Bailey et al.; the SSOR solver's blts/buts): a 2D decomposition of the x-y plane
// (non-periodic) and, for each of the nz = problem_size planes, a wavefront: the lower sweep
// receives its west and north faces (5 values per point), computes the plane and sends east and
// south; the upper sweep runs back from the south-east corner. A residual norm (allreduce of 5
// values) ends each iteration.
#include "models/network/workload/replay/skeletons/process_grid.hpp"
#include "models/network/workload/replay/skeletons/halo.hpp"
#include "models/network/workload/replay/skeletons/skeletons.hpp"

namespace net::replay {

std::vector<MpiOp> lu_skeleton(const SkeletonParams& p, std::uint32_t rank) {
  const ProcessGrid grid(p.ranks, 2, false);
  const auto extent = local_extent(grid, p.problem_size);
  const std::uint64_t values = 5ull * p.bytes_per_point;
  const std::uint64_t x_face = extent[1] * values;  // to the east/west neighbour
  const std::uint64_t y_face = extent[0] * values;  // to the south/north neighbour
  const double plane_ns = static_cast<double>(extent[0] * extent[1]) * p.ns_per_point;
  const auto west = grid.neighbour(rank, 0, -1), east = grid.neighbour(rank, 0, 1);
  const auto north = grid.neighbour(rank, 1, -1), south = grid.neighbour(rank, 1, 1);
  OpWriter out;
  for (std::uint32_t it = 0; it < p.iterations; ++it) {
    for (std::uint32_t k = 0; k < p.problem_size; ++k) {  // lower triangular sweep
      if (west) out.recv(*west, 1, x_face);
      if (north) out.recv(*north, 2, y_face);
      out.compute(plane_ns);
      if (east) out.send(*east, 1, x_face);
      if (south) out.send(*south, 2, y_face);
    }
    for (std::uint32_t k = 0; k < p.problem_size; ++k) {  // upper triangular sweep
      if (east) out.recv(*east, 3, x_face);
      if (south) out.recv(*south, 4, y_face);
      out.compute(plane_ns);
      if (west) out.send(*west, 3, x_face);
      if (north) out.send(*north, 4, y_face);
    }
    out.collective(OpKind::kAllreduce, 5ull * p.bytes_per_point);
  }
  return out.take();
}

}  // namespace net::replay
