// SPDX-License-Identifier: Apache-2.0
//
// WorkloadParams: the [workload] section — which workload the nodes run (workload.kind), how
// each node orders its queued messages (workload.scheduler), and the workloads' own keys.
#pragma once

#include <string>

namespace net {

struct WorkloadParams {
  std::string kind = "synthetic";  ///< a name of workload_registry.cpp
  std::string scheduler = "fifo";  ///< a source scheduler of workload_registry.cpp
  std::string message_file;        ///< message_list: the file of messages
};

}  // namespace net
