// SPDX-License-Identifier: Apache-2.0
//
// The message_list workload's registration: its key workload.message_file and its factory.
#pragma once

#include <string>

#include "models/network/workload/workload_registry.hpp"

namespace net {

/// workload.message_file, relative to the configuration file's folder.
struct MessageListParams {
  std::string file;
};

/// Adds "message_list".
void register_message_list_workload(WorkloadRegistry& registry);

}  // namespace net
