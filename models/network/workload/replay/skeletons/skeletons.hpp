// SPDX-License-Identifier: Apache-2.0
//
// Application skeletons: generators of the operations of one rank with the communication
// structure of an application (docs/workloads.md, "Application skeletons"). They are not the
// applications: no data, no numerics, only the messages, their sizes and the compute between
// them, derived from the problem size as the application's decomposition would. Each names
// what it is modelled on in its file.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/workload/replay/mpi_op.hpp"
#include "models/network/workload/replay/skeletons/skeleton_params.hpp"

namespace net::replay {

std::vector<MpiOp> lu_skeleton(const SkeletonParams& p, std::uint32_t rank);
std::vector<MpiOp> mg_skeleton(const SkeletonParams& p, std::uint32_t rank);
std::vector<MpiOp> lammps_skeleton(const SkeletonParams& p, std::uint32_t rank);
std::vector<MpiOp> pop_skeleton(const SkeletonParams& p, std::uint32_t rank);
std::vector<MpiOp> sweep3d_skeleton(const SkeletonParams& p, std::uint32_t rank);
std::vector<MpiOp> fft_skeleton(const SkeletonParams& p, std::uint32_t rank);

}  // namespace net::replay
