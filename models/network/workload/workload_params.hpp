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
  double compute_scale = 1.0;        ///< compute gaps are multiplied by this
  std::uint32_t flit_bytes = 16;     ///< bytes per flit
  std::string allreduce = "reduce_bcast";  ///< or recursive_doubling
};

}  // namespace net
