// SPDX-License-Identifier: Apache-2.0
//
// SkeletonParams: the size of an application skeleton (workload.skeleton_*; docs/workloads.md,
// "Application skeletons"). The global problem is a grid of problem_size points per dimension
// (2D or 3D as the application has it), split evenly over the ranks; a rank's compute per step
// is its points times ns_per_point, its messages are the faces it shares times bytes_per_point.
#pragma once

#include <cstdint>

namespace net::replay {

struct SkeletonParams {
  std::uint32_t ranks = 64;
  std::uint32_t iterations = 4;
  std::uint32_t problem_size = 64;  ///< points per dimension of the global grid
  double ns_per_point = 1.0;        ///< compute per grid point and step
  std::uint32_t bytes_per_point = 8;
};

}  // namespace net::replay
