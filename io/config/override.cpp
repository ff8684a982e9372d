// SPDX-License-Identifier: Apache-2.0
#include "io/config/override.hpp"

#include <optional>

#include "io/config/config_errors.hpp"

namespace io {

namespace {

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

bool valid_key(std::string_view key) {
  if (key.empty() || key.front() == '.' || key.back() == '.') return false;
  if (key.find("..") != std::string_view::npos) return false;
  for (const char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

// The override, or the issue that describes why the text is not "key=value".
std::optional<Override> split(const std::string& text, ConfigIssue& issue) {
  const auto eq = text.find('=');
  issue.location = "--set " + text;
  if (eq == std::string::npos) {
    issue.message = "expected key=value (e.g. --set phold.lps=64), got \"" + text + "\"";
    return std::nullopt;
  }
  Override result{trim(std::string_view(text).substr(0, eq)),
                  trim(std::string_view(text).substr(eq + 1))};
  if (!valid_key(result.key)) {
    issue.message = "\"" + result.key +
                    "\" is not a key path; expected section.key=value (letters, digits, _ and -, "
                    "separated by dots)";
    return std::nullopt;
  }
  return result;
}

}  // namespace

Override parse_override(const std::string& text) {
  ConfigIssue issue;
  if (auto result = split(text, issue)) return *result;
  throw ConfigErrors({issue});
}

std::vector<Override> parse_overrides(const std::vector<std::string>& texts) {
  std::vector<Override> result;
  std::vector<ConfigIssue> issues;
  for (const std::string& text : texts) {
    ConfigIssue issue;
    if (auto one = split(text, issue)) {
      result.push_back(*one);
    } else {
      issues.push_back(issue);
    }
  }
  if (!issues.empty()) throw ConfigErrors(std::move(issues));
  return result;
}

}  // namespace io
