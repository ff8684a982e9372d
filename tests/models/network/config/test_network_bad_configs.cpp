// SPDX-License-Identifier: Apache-2.0
// The network files of the bad-config corpus, tests/data/bad-configs/network-*.toml, against
// the real network schema and checks. Each file starts with
//   # expect: <key>      the key the errors must name
//   # issues: <n>        how many issues the file has (so it has no undocumented error)
// The CLI test (`warpnet validate FILE`, exit code 2) runs the same files.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/models/network/config/network_config_checks.hpp"

namespace {

std::string header_value(const std::string& text, const std::string& tag) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line) && line.starts_with("#")) {
    if (line.starts_with("# " + tag + ": ")) return line.substr(tag.size() + 4);
  }
  return "";
}

}  // namespace

TEST_CASE("every network bad config fails with exactly its documented issues") {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(WARPNET_BAD_CONFIGS_DIR)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("network-") && name.ends_with(".toml")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  CHECK(files.size() >= 12);
  for (const auto& file : files) {
    CAPTURE(file.filename().string());
    std::ifstream in(file);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const auto issues = net::testing::issues_of(text);
    const std::string all = net::testing::describe(issues);
    CAPTURE(all);
    const std::string key = header_value(text, "expect");
    REQUIRE_FALSE(key.empty());
    CHECK(std::any_of(issues.begin(), issues.end(),
                      [&](const io::ConfigIssue& i) { return i.key == key; }));
    CHECK(std::to_string(issues.size()) == header_value(text, "issues"));
  }
}
