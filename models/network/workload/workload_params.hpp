// SPDX-License-Identifier: Apache-2.0
//
// WorkloadParams: the [workload] section — which workload the nodes run (workload.kind), how
// each node orders its queued messages (workload.scheduler), and the workloads' own keys.
#pragma once

#include <cstdint>
#include <string>

namespace net {

struct WorkloadParams {
  std::string kind = "synthetic";  ///< a name of workload_registry.cpp
  std::string scheduler = "fifo";  ///< a source scheduler of workload_registry.cpp
  std::string message_file;        ///< message_list: the file of messages
  // replay (workload/replay/replay_workload.hpp):
  std::string trace_dir;             ///< the directory of rank-<r>.trace files
  std::string rank_mapping = "linear";  ///< linear or random
  std::uint64_t mapping_seed = 1;    ///< random: the permutation's seed
  std::string mapping_file;          ///< file: the node of each rank, one per line
  double compute_scale = 1.0;        ///< compute gaps are multiplied by this
  std::uint32_t flit_bytes = 16;     ///< bytes per flit
  std::string allreduce = "reduce_bcast";  ///< or recursive_doubling
  std::string tree = "binomial";           ///< bcast and reduce trees: binomial or flat
  std::string barrier = "dissemination";   ///< or tree
  std::string alltoall = "pairwise";       ///< or linear, bruck
  std::string allgather = "ring";          ///< or recursive_doubling, bruck
  std::uint64_t eager_limit = 65536;  ///< bytes: larger point-to-point messages use rendezvous
  double ideal_bandwidth = 0.0;  ///< replay: bytes per ns of the ideal network; 0: simulated
  // skeleton (workload/replay/skeletons/): the application and its size.
  std::string skeleton = "lu";
  std::uint32_t skeleton_ranks = 0;  ///< 0: one per node
  std::uint32_t iterations = 4;
  std::uint32_t problem_size = 64;
  double ns_per_point = 1.0;
  std::uint32_t bytes_per_point = 8;
};

}  // namespace net
