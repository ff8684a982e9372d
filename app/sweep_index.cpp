// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_index.hpp"

#include <filesystem>

#include "app/run_report.hpp"

namespace app {

namespace {

std::string csv_cell(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace

std::string format_sweep_index(const std::vector<std::string>& keys,
                               const std::vector<PointOutcome>& outcomes) {
  std::string csv = "file";
  for (const std::string& key : keys) {
    csv += ',';
    csv += csv_cell(key);
  }
  csv += "\n";
  for (const PointOutcome& o : outcomes) {
    if (!o.ok()) continue;
    csv += csv_cell(o.file);
    for (const Setting& s : o.point) {
      csv += ',';
      csv += csv_cell(s.value);
    }
    csv += "\n";
  }
  return csv;
}

void write_sweep_index(const std::string& directory, const std::vector<std::string>& keys,
                       const std::vector<PointOutcome>& outcomes) {
  write_file_atomically((std::filesystem::path(directory) / kSweepIndexName).string(),
                        format_sweep_index(keys, outcomes));
}

}  // namespace app
