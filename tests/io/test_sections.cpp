// SPDX-License-Identifier: Apache-2.0
// Sections switched on by a choice key (Schema::section_active_when).
#include <doctest/doctest.h>

#include "tests/io/io_test_schemas.hpp"

using io_test::only_issue;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("an active section's keys load, and its required keys are required") {
  const auto schema = io_test::toy_schema();
  const auto config =
      io_test::load(schema, "[traffic]\npattern = \"hotspot\"\n[traffic.hotspot]\nnode = 3\n");
  CHECK(config.is_active("traffic.hotspot.node"));
  CHECK(config.get_int("traffic.hotspot.node") == 3);
  CHECK(config.get_float("traffic.hotspot.fraction") == 0.1);

  const auto issue = only_issue(schema, "[traffic]\npattern = \"hotspot\"\n");
  CHECK(io::format_issue(issue) ==
        "test.toml: traffic.hotspot.node: required key is missing; expected an integer >= 0");
}

TEST_CASE("an inactive section's required keys are not required, and read as defaults") {
  const auto config = io_test::load(io_test::toy_schema(), "");
  CHECK_FALSE(config.is_active("traffic.hotspot.node"));
  CHECK_FALSE(config.is_active("traffic.hotspot.extra.level"));
  CHECK(config.is_active("traffic.pattern"));
  CHECK(config.get_float("traffic.hotspot.fraction") == 0.1);
  CHECK_THROWS_AS((void)config.get_int("traffic.hotspot.node"), std::logic_error);
}

TEST_CASE("keys of an inactive section are errors naming the choice key and its value") {
  const auto schema = io_test::toy_schema();
  SUBCASE("choice at its default") {
    const auto issue = only_issue(schema, "[traffic.hotspot]\nfraction = 0.2\n");
    CHECK(issue.location == "test.toml:2:12");
    CHECK(issue.key == "traffic.hotspot.fraction");
    CHECK(issue.message ==
          "value 0.2 is not used: section [traffic.hotspot] applies only when traffic.pattern is "
          "\"hotspot\", but traffic.pattern is \"uniform\" (default); remove the key or change "
          "traffic.pattern");
  }
  SUBCASE("choice set in the file") {
    const auto issue = only_issue(
        schema, "[traffic]\npattern = \"transpose\"\n[traffic.hotspot]\nfraction = 0.2\n");
    CHECK(contains(issue.message, "traffic.pattern is \"transpose\" (test.toml:2)"));
  }
  SUBCASE("choice switched by --set") {
    const auto issue =
        only_issue(schema, "[traffic]\npattern = \"hotspot\"\n[traffic.hotspot]\nnode = 1\n",
                   {{"traffic.pattern", "uniform"}});
    CHECK(issue.key == "traffic.hotspot.node");
    CHECK(contains(issue.message, "(--set traffic.pattern=uniform)"));
  }
  SUBCASE("key given by --set") {
    const auto issue = only_issue(schema, "", {{"traffic.hotspot.fraction", "0.3"}});
    CHECK(issue.location == "--set traffic.hotspot.fraction=0.3");
    CHECK(contains(issue.message, "section [traffic.hotspot] applies only when"));
  }
  SUBCASE("a nested section is inactive with its parent") {
    const auto issue = only_issue(schema, "[traffic.hotspot.extra]\nlevel = 2\n");
    CHECK(issue.key == "traffic.hotspot.extra.level");
    CHECK(contains(issue.message, "section [traffic.hotspot] applies only when"));
  }
  SUBCASE("every key of the inactive section is reported") {
    CHECK(io_test::issues_of(schema, "[traffic.hotspot]\nfraction = 0.2\nnode = 1\n").size() == 2);
  }
}

TEST_CASE("a section can be active for several values of its choice") {
  auto schema = io_test::toy_schema();
  schema.section_active_when("traffic.hotspot", "traffic.pattern", "transpose");
  const auto config =
      io_test::load(schema, "[traffic]\npattern = \"transpose\"\n[traffic.hotspot]\nnode = 1\n");
  CHECK(config.get_int("traffic.hotspot.node") == 1);
  const auto issue = only_issue(schema, "[traffic.hotspot]\nnode = 1\n");
  CHECK(contains(issue.message, "only when traffic.pattern is \"hotspot\" or \"transpose\""));
}

TEST_CASE("when the choice itself is invalid, its sections are not judged") {
  const auto issue = only_issue(io_test::toy_schema(),
                                "[traffic]\npattern = \"hotpsot\"\n[traffic.hotspot]\nnode = 1\n");
  CHECK(issue.key == "traffic.pattern");
  CHECK(contains(issue.message, "did you mean \"hotspot\"?"));
}

TEST_CASE("each model's section is active only when simulation.model names it") {
  auto schema = io_test::phold_schema({"phold", "network"});
  schema.add_string("network.topology", "torus");
  const auto config = io_test::load(schema, io_test::phold_file());
  CHECK(config.is_active("phold.lps"));
  CHECK_FALSE(config.is_active("network.topology"));
  const auto issue = only_issue(schema, io_test::phold_file("[network]\ntopology = \"mesh\"\n"));
  CHECK(issue.key == "network.topology");
  CHECK(contains(issue.message,
                 "applies only when simulation.model is \"network\", but "
                 "simulation.model is \"phold\" (test.toml:2)"));
}
