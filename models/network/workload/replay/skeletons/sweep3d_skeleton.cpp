// SPDX-License-Identifier: Apache-2.0
//
// Sweep3D (LANL's discrete-ordinates transport kernel; Hoisie, Lubeck & Wasserman's model): a 2D
// decomposition of the x-y plane (non-periodic); each iteration sweeps the 8 octants (4 corners
// of the plane, 2 z directions); a sweep is pipelined over blocks of 8 z planes (mk = 8): each
// block receives its upstream x and y faces, computes and sends downstream. An allreduce
// (the flux convergence test) ends each iteration.
#include "models/network/workload/replay/skeletons/halo.hpp"
#include "models/network/workload/replay/skeletons/process_grid.hpp"
#include "models/network/workload/replay/skeletons/skeletons.hpp"

namespace net::replay {

std::vector<MpiOp> sweep3d_skeleton(const SkeletonParams& p, std::uint32_t rank) {
  constexpr std::uint32_t kPlanesPerBlock = 8;
  const ProcessGrid grid(p.ranks, 2, false);
  const auto extent = local_extent(grid, p.problem_size);
  const std::uint32_t blocks = static_cast<std::uint32_t>(share(p.problem_size, kPlanesPerBlock));
  const std::uint64_t x_face = extent[1] * kPlanesPerBlock * p.bytes_per_point;
  const std::uint64_t y_face = extent[0] * kPlanesPerBlock * p.bytes_per_point;
  const double block_ns =
      static_cast<double>(extent[0] * extent[1] * kPlanesPerBlock) * p.ns_per_point;
  OpWriter out;
  std::int32_t tag = 0;
  for (std::uint32_t it = 0; it < p.iterations; ++it) {
    for (const int z : {1, -1}) {
      for (const int sx : {1, -1}) {
        for (const int sy : {1, -1}) {
          const auto from_x = grid.neighbour(rank, 0, -sx), to_x = grid.neighbour(rank, 0, sx);
          const auto from_y = grid.neighbour(rank, 1, -sy), to_y = grid.neighbour(rank, 1, sy);
          for (std::uint32_t b = 0; b < blocks; ++b) {
            if (from_x) out.recv(*from_x, tag, x_face);
            if (from_y) out.recv(*from_y, tag + 1, y_face);
            out.compute(block_ns);
            if (to_x) out.send(*to_x, tag, x_face);
            if (to_y) out.send(*to_y, tag + 1, y_face);
          }
          tag = (tag + 2) % 16;
          (void)z;
        }
      }
    }
    out.collective(OpKind::kAllreduce, p.bytes_per_point);
  }
  return out.take();
}

}  // namespace net::replay
