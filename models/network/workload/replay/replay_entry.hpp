// SPDX-License-Identifier: Apache-2.0
//
// The registration of the two MPI-rank workloads: "replay" (logical traces read from
// workload.trace_dir) and "skeleton" (an application skeleton generated in memory). Both place
// their ranks on nodes and run collectives and rendezvous the same way, so they share those
// keys (ReplaySettings, one key group); each has its own keys besides.
#pragma once

#include <cstdint>
#include <string>

#include "models/network/workload/workload_registry.hpp"

namespace net::replay {

/// The [workload] keys shared by replay and skeleton.
struct ReplaySettings {
  std::string rank_mapping = "linear";  ///< linear, random or file
  std::uint64_t mapping_seed = 1;       ///< random: the permutation's seed
  std::string mapping_file;             ///< file: the node of each rank, one per line
  double compute_scale = 1.0;           ///< compute gaps are multiplied by this
  std::uint32_t flit_bytes = 16;        ///< bytes per flit
  std::string allreduce = "reduce_bcast";  ///< or recursive_doubling
  std::string tree = "binomial";           ///< bcast and reduce trees: binomial or flat
  std::string barrier = "dissemination";   ///< or tree
  std::string alltoall = "pairwise";       ///< or linear, bruck
  std::string allgather = "ring";          ///< or recursive_doubling, bruck
  std::uint64_t eager_limit = 65536;  ///< bytes: larger point-to-point messages use rendezvous
  double ideal_bandwidth = 0.0;  ///< bytes per ns of the ideal network; 0: the simulated one
};

/// workload.kind = "replay".
struct ReplayOptions {
  ReplaySettings settings;
  std::string trace_dir;  ///< the directory of rank-<r>.trace files
};

/// workload.kind = "skeleton": the application and its size.
struct SkeletonOptions {
  ReplaySettings settings;
  std::string skeleton = "lu";
  std::uint32_t ranks = 0;  ///< 0: one per node
  std::uint32_t iterations = 4;
  std::uint32_t problem_size = 64;
  double ns_per_point = 1.0;
  std::uint32_t bytes_per_point = 8;
};

/// Adds "replay" and "skeleton".
void register_workloads(WorkloadRegistry& registry);

}  // namespace net::replay
