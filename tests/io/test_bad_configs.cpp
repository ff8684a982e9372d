// SPDX-License-Identifier: Apache-2.0
// The bad-config corpus, tests/data/bad-configs/*.toml, against the kernel schema and a stand-in
// for the PHOLD schema. Each file starts with
//   # expect: <text>     the text (usually a key path) that the errors must mention
//   # issues: <n>        how many issues the file has (so it has no undocumented error)
// The CLI test (`warpnet validate FILE`, exit code 2) runs the same corpus with the real schema.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "io/config/kernel_schema.hpp"
#include "tests/io/io_test_schemas.hpp"

namespace {

constexpr std::int64_t kPholdTicksPerUnit = 1'000'000;

std::string header_value(const std::filesystem::path& file, const std::string& tag) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line) && line.starts_with("#")) {
    if (line.starts_with("# " + tag + ": ")) return line.substr(tag.size() + 4);
  }
  return "";
}

// Loads the file like `warpnet validate`: schema checks, then the kernel's conversions.
std::vector<io::ConfigIssue> validate(const io::Schema& schema, const std::string& file) {
  try {
    const io::Config config = io::load_config(schema, file, {});
    (void)io::kernel_config_from(config, kPholdTicksPerUnit);
  } catch (const io::ConfigErrors& e) {
    return e.issues();
  }
  return {};
}

// network-*.toml need the network model's schema and checks, which io/ does not know:
// tests/models/network/config/test_network_bad_configs.cpp runs them (and the CLI test runs them
// all).
std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(WARPNET_BAD_CONFIGS_DIR)) {
    if (entry.path().extension() == ".toml" &&
        !entry.path().filename().string().starts_with("network-")) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("the corpus has at least 22 files, each with an expectation") {
  const auto files = corpus();
  CHECK(files.size() >= 22);
  for (const auto& file : files) {
    CAPTURE(file.filename().string());
    CHECK_FALSE(header_value(file, "expect").empty());
    CHECK_FALSE(header_value(file, "issues").empty());
  }
}

TEST_CASE("every bad config fails with exactly its documented errors") {
  const auto schema = io_test::phold_schema();
  for (const auto& file : corpus()) {
    CAPTURE(file.filename().string());
    const auto issues = validate(schema, file.string());
    std::string all;
    for (const auto& issue : issues) all += io::format_issue(issue) + "\n";
    CAPTURE(all);
    REQUIRE_FALSE(issues.empty());
    CHECK(all.find(header_value(file, "expect")) != std::string::npos);
    CHECK(std::to_string(issues.size()) == header_value(file, "issues"));
    for (const auto& issue : issues) CHECK(issue.location.starts_with(file.string()));
  }
}

TEST_CASE("the inactive-section file is an inactive-section error once a network model exists") {
  auto schema = io_test::phold_schema({"phold", "network"});
  schema.add_string("network.topology", "torus");
  const auto issues =
      validate(schema, std::string(WARPNET_BAD_CONFIGS_DIR) + "/inactive-model-section.toml");
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].key == "network.topology");
  CHECK(issues[0].message.find("simulation.model is \"phold\"") != std::string::npos);
}
