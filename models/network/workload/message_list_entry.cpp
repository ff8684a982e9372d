// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/message_list_entry.hpp"

#include <memory>

#include "io/config/configurable_registry.hpp"
#include "models/network/workload/config_paths.hpp"
#include "models/network/workload/message_list_workload.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

constexpr const char* kFileKey = "workload.message_file";

std::unique_ptr<Workload> make_message_list(const WorkloadSetup& s) {
  const auto params = io::options_or_default<MessageListParams>(s.options);
  if (params.file.empty()) {
    throw pdes::ConfigError(kFileKey,
                            "is required by workload.kind = \"message_list\": the file of "
                            "messages ('cycle src dst flits [group]' per line)");
  }
  return std::make_unique<MessageListWorkload>(
      MessageListWorkload::read(params.file, s.topology.num_nodes(), s.params.packet_size));
}

void declare(io::Schema& s) {
  s.add_string(kFileKey, "")
      .describe(
          "message_list: the file of messages, one 'cycle src dst flits [group]' per line; a "
          "path relative to the configuration file's folder");
}

}  // namespace

void register_message_list_workload(WorkloadRegistry& registry) {
  registry.add("message_list", "messages listed in workload.message_file", make_message_list,
               io::PartConfig{"workload.message_file", declare,
                              [](const io::Config& config) -> std::any {
                                return MessageListParams{path_beside_config(config, kFileKey)};
                              }});
}

}  // namespace net
