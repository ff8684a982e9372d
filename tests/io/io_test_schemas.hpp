// SPDX-License-Identifier: Apache-2.0
//
// Schemas shared by the io/config tests.
//
// - phold_schema(): [simulation] + [kernel] + a stand-in for the PHOLD keys that models/phold
//   declares (same paths and constraints), so the bad-config corpus can be checked here.
// - toy_schema(): one key of every type, and a section switched on by a choice key.
#pragma once

#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "io/config/config.hpp"
#include "io/config/kernel_schema.hpp"
#include "io/config/schema.hpp"

namespace io_test {

inline void declare_phold_stand_in(io::Schema& s) {
  s.describe_section("phold", "PHOLD benchmark (stand-in for models/phold)");
  s.add_int("phold.lps", 64).range(1, std::int64_t{1} << 40).unit("LPs").describe("LP count");
  s.add_int("phold.start_events", 1).min(1).unit("events").describe("Initial events per LP");
  s.add_float("phold.mean_delay", 1.0).greater_than(0).unit("time units").describe("Mean delay");
  s.add_float("phold.lookahead", 0.0).min(0).unit("time units").describe("Minimum delay");
  s.add_float("phold.remote_fraction", 0.5).range(0, 1).describe("Share of remote events");
  s.add_int("phold.group_size", 1).min(1).unit("LPs").describe("LPs per group");
}

inline io::Schema phold_schema(const std::vector<std::string>& models = {"phold"}) {
  io::Schema s;
  io::declare_kernel_schema(s, models);
  declare_phold_stand_in(s);
  return s;
}

inline io::Schema toy_schema() {
  io::Schema s;
  s.describe_section("run", "Toy keys of every type");
  s.add_string("run.name", "toy").describe("Name");
  s.add_int("run.count", 4).range(1, 100).unit("things").describe("How many");
  s.add_float("run.ratio", 0.5).range(0, 1).describe("A fraction");
  s.add_float("run.rate", 1.0).greater_than(0).unit("1/s").describe("A positive rate");
  s.add_bool("run.flag", false).describe("A switch");
  s.add_choice("run.mode", "fast", {"fast", "slow", "exact"}).describe("A mode");
  s.add_int_list("run.dims", {4, 4}).list_size(1, 3).min(1).describe("Dimensions");
  s.add_float_list("run.weights", {0.5}).min(0).describe("Weights");
  s.add_string_list("run.tags", {"a", "b"}).describe("Labels");
  s.add_choice("traffic.pattern", "uniform", {"uniform", "hotspot", "transpose"})
      .describe("Traffic pattern");
  s.describe_section("traffic.hotspot", "Hot-spot pattern");
  s.section_active_when("traffic.hotspot", "traffic.pattern", "hotspot");
  s.add_float("traffic.hotspot.fraction", 0.1).range(0, 1).describe("Share sent to the hot spot");
  s.add_int("traffic.hotspot.node", 0).required().min(0).describe("Hot-spot node");
  s.add_int("traffic.hotspot.extra.level", 1).min(0).describe("Nested under the hot spot");
  return s;
}

inline io::Config load(const io::Schema& schema, const std::string& text,
                       const std::vector<io::Override>& overrides = {}) {
  return io::load_config_string(schema, text, "test.toml", overrides);
}

/// The issues load_config_string reports for `text` (fails the test if it loads).
inline std::vector<io::ConfigIssue> issues_of(const io::Schema& schema, const std::string& text,
                                              const std::vector<io::Override>& overrides = {}) {
  try {
    (void)io::load_config_string(schema, text, "test.toml", overrides);
  } catch (const io::ConfigErrors& e) {
    return e.issues();
  }
  FAIL("expected io::ConfigErrors for:\n" << text);
  return {};
}

/// The only issue (fails the test if there is not exactly one).
inline io::ConfigIssue only_issue(const io::Schema& schema, const std::string& text,
                                  const std::vector<io::Override>& overrides = {}) {
  const auto issues = issues_of(schema, text, overrides);
  REQUIRE_MESSAGE(issues.size() == 1, [&] {
    std::string all;
    for (const auto& i : issues) all += io::format_issue(i) + "\n";
    return all;
  }());
  return issues.front();
}

/// A valid PHOLD file with `extra` appended.
inline std::string phold_file(const std::string& extra = "") {
  return "[simulation]\nmodel = \"phold\"\nend_time = 100.0\n" + extra;
}

}  // namespace io_test
