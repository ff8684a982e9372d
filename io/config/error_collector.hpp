// SPDX-License-Identifier: Apache-2.0
//
// ErrorCollector: cross-key (semantic) checks of a loaded Config, reported like load_config()'s.
//
// A model's parameter parser checks what no single key can say (group_size must divide lps), adds
// one issue per problem, and throws them together. Each issue is located where the user set the
// key: "file.toml:12:7", "--set phold.lps=3", or the file name for a key left at its default
// (the message then says so).
//
//   io::ErrorCollector errors(config);
//   if (lps % group_size != 0)
//     errors.add("phold.group_size", fmt::format("value {} does not divide phold.lps = {}",
//                                               group_size, lps));
//   errors.throw_if_any();   // io::ConfigErrors, a pdes::ConfigError
//
// Messages should, like load_config()'s, name the value and what is allowed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "io/config/config_errors.hpp"

namespace io {

class Config;

class ErrorCollector {
 public:
  /// `config` must outlive the collector.
  explicit ErrorCollector(const Config& config) : config_(config) {}

  /// Adds an issue about `key` (a declared path; std::logic_error otherwise). An empty key makes
  /// an issue about the configuration as a whole, located at the file.
  void add(std::string_view key, std::string message);
  /// Throws io::ConfigErrors with every issue added so far, if any.
  void throw_if_any() const;
  bool empty() const { return issues_.empty(); }
  const std::vector<ConfigIssue>& issues() const { return issues_; }

 private:
  const Config& config_;
  std::vector<ConfigIssue> issues_;
};

}  // namespace io
