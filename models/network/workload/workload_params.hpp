// SPDX-License-Identifier: Apache-2.0
//
// WorkloadParams: which workload the nodes run (workload.kind), how each node orders its queued
// messages (workload.scheduler), and the chosen workload's own parameters, which its entry in
// workload_registry.cpp declares and reads (io::PartConfig) and the model carries unopened.
#pragma once

#include <any>
#include <string>

namespace net {

struct WorkloadParams {
  std::string kind = "synthetic";  ///< a name of workload_registry.cpp
  std::string scheduler = "fifo";  ///< a source scheduler of workload_registry.cpp
  /// The workload's own parameters (e.g. a replay::ReplayOptions); empty: its defaults.
  std::any options;
};

}  // namespace net
