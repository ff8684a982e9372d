// SPDX-License-Identifier: Apache-2.0
//
// Helpers for tests of the network model's configuration: the full schema (kernel keys plus the
// network keys, as the CLI declares them), and loading a TOML text into a NetworkSetup or into
// the issues it raises (load-time and semantic ones together, as `warpnet validate` reports).
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/kernel_schema.hpp"
#include "models/network/config/network_config.hpp"
#include "models/network/config/network_schema.hpp"

namespace net::testing {

inline io::Schema full_schema() {
  io::Schema schema;
  io::declare_kernel_schema(schema, {"network", "phold"});
  declare_network_schema(schema);
  return schema;
}

/// A valid network file: a 4x4 mesh run for 1000 cycles, plus `extra`.
inline std::string network_file(const std::string& extra = "") {
  return "[simulation]\nmodel = \"network\"\nend_time = 1000.0\n\n[network]\ndims = [4, 4]\n" +
         extra;
}

inline io::Config load(const std::string& text, const std::vector<io::Override>& overrides = {}) {
  return io::load_config_string(full_schema(), text, "test.toml", overrides);
}

inline NetworkSetup setup_of(const std::string& text,
                             const std::vector<io::Override>& overrides = {}) {
  return network_setup_from(load(text, overrides));
}

/// Every issue of `text`, from loading or from the network's checks (fails if there is none).
inline std::vector<io::ConfigIssue> issues_of(const std::string& text,
                                              const std::vector<io::Override>& overrides = {}) {
  try {
    (void)setup_of(text, overrides);
  } catch (const io::ConfigErrors& e) {
    return e.issues();
  }
  FAIL("expected io::ConfigErrors for:\n" << text);
  return {};
}

inline std::string describe(const std::vector<io::ConfigIssue>& issues) {
  std::string all;
  for (const auto& i : issues) all += io::format_issue(i) + "\n";
  return all;
}

/// The only issue of `text` is about `key`.
inline void require_one_issue(const std::string& text, const std::string& key,
                              const std::vector<io::Override>& overrides = {}) {
  const auto issues = issues_of(text, overrides);
  INFO(describe(issues));
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].key == key);
}

}  // namespace net::testing
