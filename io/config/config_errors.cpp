// SPDX-License-Identifier: Apache-2.0
#include "io/config/config_errors.hpp"

#include <stdexcept>

namespace io {

namespace {

std::string join_issues(const std::vector<ConfigIssue>& issues) {
  std::string text;
  for (const ConfigIssue& issue : issues) {
    if (!text.empty()) text += '\n';
    text += format_issue(issue);
  }
  return text;
}

const std::vector<ConfigIssue>& non_empty(const std::vector<ConfigIssue>& issues) {
  if (issues.empty()) throw std::logic_error("io::ConfigErrors needs at least one issue");
  return issues;
}

}  // namespace

std::string format_issue(const ConfigIssue& issue) {
  std::string line = issue.location;
  if (!line.empty()) line += ": ";
  if (!issue.key.empty()) line += issue.key + ": ";
  return line + issue.message;
}

ConfigErrors::ConfigErrors(std::vector<ConfigIssue> issues)
    : pdes::ConfigError(non_empty(issues).front().key, join_issues(issues)),
      issues_(std::move(issues)),
      text_(join_issues(issues_)) {}

}  // namespace io
