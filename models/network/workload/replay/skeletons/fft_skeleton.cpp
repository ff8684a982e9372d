// SPDX-License-Identifier: Apache-2.0
//
// A 3D FFT with a slab decomposition (the all-to-all pattern of NAS FT and of spectral codes):
// each rank holds problem_size^3 / P complex points (16 bytes); an iteration transforms its
// slab (compute ~ points x log2(problem_size)), transposes with an alltoall, transforms again
// and transposes back.
#include <cmath>

#include "models/network/workload/replay/skeletons/halo.hpp"
#include "models/network/workload/replay/skeletons/skeletons.hpp"

namespace net::replay {

std::vector<MpiOp> fft_skeleton(const SkeletonParams& p, std::uint32_t /*rank*/) {
  const std::uint64_t n = p.problem_size;
  const std::uint64_t points = share(n * n * n, p.ranks);
  const std::uint64_t to_each = std::max<std::uint64_t>(1, points / p.ranks) * 16;
  const double transform_ns = static_cast<double>(points) *
                              std::log2(static_cast<double>(std::max<std::uint64_t>(n, 2))) *
                              p.ns_per_point;
  OpWriter out;
  for (std::uint32_t it = 0; it < p.iterations; ++it) {
    out.compute(transform_ns);
    out.collective(OpKind::kAlltoall, to_each);
    out.compute(transform_ns);
    out.collective(OpKind::kAlltoall, to_each);
  }
  return out.take();
}

}  // namespace net::replay
