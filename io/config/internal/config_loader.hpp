// SPDX-License-Identifier: Apache-2.0
//
// ConfigLoader: the steps of load_config(), which fill a Config and collect every issue.
//
// 1. parse the TOML text (a syntax error stops the file checks, not the --set checks);
// 2. walk the document: each key is declared (read its value), a section (walk it), or unknown;
// 3. apply the overrides, read according to each key's type;
// 4. decide which sections are active from the effective choice values, then report keys given
//    for inactive sections and required keys missing from active ones;
// 5. throw one ConfigErrors, file issues sorted by position, if anything went wrong.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "io/config/config.hpp"
#include "io/config/internal/source_text.hpp"

namespace io::internal {

class ConfigLoader {
 public:
  ConfigLoader(const Schema& schema, std::string source_name);

  /// `text` is empty when the file could not be read; `read_error` then says why.
  Config load(std::optional<std::string> text, const std::string& read_error,
              const std::vector<Override>& overrides);

 private:
  enum class Activity { active, inactive, unknown };
  struct PendingIssue {
    int group;              // 0: file (sorted by position), 1: --set, 2: missing, in order found
    TextPosition position;  // group 0 only
    ConfigIssue issue;
  };

  void read_document(const SourceText& source);
  void walk(const toml::table& table, const std::string& prefix, const SourceText& source);
  void report_unknown(std::string_view section, std::string_view name, bool is_table,
                      TextPosition position, const std::string& location, int group,
                      const std::string& written);
  void apply_override(const Override& override_value);
  Activity activity(const std::string& section, const SectionInfo** governing) const;
  void check_sections();

  std::string file_location(TextPosition position) const;
  void add_issue(int group, TextPosition position, std::string location, std::string key,
                 std::string message);

  Config config_;
  bool document_ok_ = true;                    // false after a syntax error or a read error
  std::set<std::string, std::less<>> failed_;  // keys whose given value was rejected
  std::vector<PendingIssue> issues_;
};

}  // namespace io::internal
