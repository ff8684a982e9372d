// SPDX-License-Identifier: Apache-2.0
#include "io/config/error_collector.hpp"

#include "io/config/config.hpp"

namespace io {

void ErrorCollector::add(std::string_view key, std::string message) {
  if (key.empty()) {
    issues_.push_back(ConfigIssue{config_.source_name(), "", std::move(message)});
    return;
  }
  if (!config_.is_set(key)) {  // throws if undeclared
    message += config_.schema().find(key)->optional ? " (the key is not given)"
                                                    : " (this is the default value)";
  }
  issues_.push_back(ConfigIssue{config_.issue_location(key), std::string(key), std::move(message)});
}

void ErrorCollector::throw_if_any() const {
  if (!issues_.empty()) throw ConfigErrors(issues_);
}

}  // namespace io
