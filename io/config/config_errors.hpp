// SPDX-License-Identifier: Apache-2.0
//
// ConfigErrors: every problem found in a configuration, reported at once (CONTRIBUTING.md §7).
//
// load_config() collects all issues (syntax, unknown keys, wrong types, values out of range,
// unknown names, missing required keys, keys of inactive sections, bad --set) and throws one
// ConfigErrors. Models add cross-key checks through ErrorCollector (error_collector.hpp), which
// throws the same type. The CLI catches pdes::ConfigError, prints what() and exits with code 2.
//
// what() is one issue per line, "location: key: message", for example
//   examples/x.toml:12:7: phold.lps: value -5 is out of range; allowed: 1 .. 1099511627776
//   --set kernel.batch_size=0: kernel.batch_size: value 0 is out of range; allowed: 1 .. 4294967295
// The location is "file:line:column" for a value in a file, "file" when there is no line (a
// missing key), or "--set key=value" for a command-line override.
#pragma once

#include <string>
#include <vector>

#include "pdes/error.hpp"

namespace io {

struct ConfigIssue {
  std::string location;  ///< "file:line:col", "file", or "--set key=value"
  std::string key;       ///< dotted key path; empty for a syntax error or an unreadable file
  std::string message;   ///< names the value as written and what is allowed

  bool operator==(const ConfigIssue&) const = default;
};

/// "location: key: message" (or "location: message" when the key is empty).
std::string format_issue(const ConfigIssue& issue);

/// Thrown with at least one issue. pdes::ConfigError::key() is the key of the first issue.
class ConfigErrors : public pdes::ConfigError {
 public:
  explicit ConfigErrors(std::vector<ConfigIssue> issues);

  const std::vector<ConfigIssue>& issues() const { return issues_; }
  /// All issues, one per line (no "key: " prefix: each line names its own key).
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  std::vector<ConfigIssue> issues_;
  std::string text_;
};

}  // namespace io
