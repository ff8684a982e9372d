// SPDX-License-Identifier: Apache-2.0
// Table lists (Schema::add_table_list): TOML arrays of tables with declared fields.
#include <doctest/doctest.h>

#include <stdexcept>

#include "tests/io/io_test_schemas.hpp"

namespace {

io::Schema phase_schema() {
  io::Schema s;
  s.describe_section("traffic", "Traffic");
  s.add_float("traffic.load", 0.1).range(0, 1).describe("Load");
  s.add_table_list("traffic.phases")
      .list_size(0, 3)
      .describe("Phases")
      .field(io::field_int("duration", 1).required().min(1).unit("cycles").describe("Length"))
      .field(io::field_choice("pattern", "uniform", {"uniform", "transpose"})
                 .optional()
                 .describe("Pattern"))
      .field(io::field_float("load", 0.1).range(0, 1).describe("Load"))
      .field(io::field_int_list("nodes", {}).optional().min(0).describe("Hot nodes"));
  return s;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::string kTwoPhases =
    "[traffic]\n"
    "load = 0.2\n"
    "\n"
    "[[traffic.phases]]\n"
    "duration = 100\n"
    "pattern = \"transpose\"\n"
    "\n"
    "[[traffic.phases]]\n"
    "duration = 50\n"
    "load = 0.5\n"
    "nodes = [1, 2]\n";

}  // namespace

TEST_CASE("[[section.key]] tables become rows with every field, defaults filled in") {
  const auto config = io_test::load(phase_schema(), kTwoPhases);
  const auto& rows = config.get_table_list("traffic.phases");
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].get_int("duration") == 100);
  CHECK(rows[0].get_string("pattern") == "transpose");
  CHECK(rows[0].get_float("load") == 0.1);
  CHECK_FALSE(rows[0].is_set("load"));
  CHECK(rows[0].has_value("load"));
  CHECK_FALSE(rows[0].has_value("nodes"));
  CHECK(rows[0].line == 4);
  CHECK(rows[1].get_int("duration") == 50);
  CHECK(rows[1].is_set("load"));
  CHECK(rows[1].get_float("load") == 0.5);
  CHECK_FALSE(rows[1].has_value("pattern"));
  CHECK(rows[1].get_int_list("nodes") == std::vector<std::int64_t>{1, 2});
  CHECK(rows[1].line == 8);
  CHECK(config.is_set("traffic.phases"));
  CHECK(config.get_float("traffic.load") == 0.2);
}

TEST_CASE("an inline array of tables is the same value") {
  const auto a = io_test::load(phase_schema(), kTwoPhases);
  const auto b = io_test::load(phase_schema(),
                               "traffic.load = 0.2\n"
                               "traffic.phases = [{duration = 100, pattern = \"transpose\"},\n"
                               "                  {duration = 50, load = 0.5, nodes = [1, 2]}]\n");
  CHECK(a.get_table_list("traffic.phases") == b.get_table_list("traffic.phases"));
}

TEST_CASE("without the key the table list is empty and not set") {
  const auto config = io_test::load(phase_schema(), "");
  CHECK(config.get_table_list("traffic.phases").empty());
  CHECK_FALSE(config.is_set("traffic.phases"));
}

TEST_CASE("row getters misused are programming errors") {
  const auto config = io_test::load(phase_schema(), kTwoPhases);
  const io::TableRow& row = config.get_table_list("traffic.phases")[1];
  CHECK_THROWS_AS((void)row.get_int("nope"), std::logic_error);
  CHECK_THROWS_AS((void)row.get_int("load"), std::logic_error);
  CHECK_THROWS_AS((void)row.get_string("pattern"), std::logic_error);  // optional, not given
}

TEST_CASE("every problem of every table is reported at once, with its position") {
  const auto issues = io_test::issues_of(phase_schema(),
                                         "[[traffic.phases]]\n"     // 1
                                         "duration = 0\n"           // 2: out of range
                                         "lod = 0.3\n"              // 3: unknown field
                                         "[[traffic.phases]]\n"     // 4: duration missing
                                         "pattern = \"tornado\"\n"  // 5: not a choice
                                         "nodes = [1, \"x\"]\n");   // 6: wrong element type
  REQUIRE(issues.size() == 5);
  for (const auto& issue : issues) CHECK(issue.key == "traffic.phases");
  CHECK(issues[0].location == "test.toml:2:12");
  CHECK(contains(issues[0].message, "table 1 of 2, field \"duration\": value 0 is out of range"));
  CHECK(issues[1].location == "test.toml:3:1");
  CHECK(contains(issues[1].message, "unknown field \"lod\""));
  CHECK(contains(issues[1].message, "did you mean \"load\"?"));
  CHECK(contains(issues[1].message, "valid fields: duration, pattern, load, nodes"));
  CHECK(issues[2].location.starts_with("test.toml:4"));
  CHECK(contains(issues[2].message, "table 2 of 2: required field \"duration\" is missing"));
  CHECK(contains(issues[3].message, "field \"pattern\": value \"tornado\" is not a valid choice"));
  CHECK(contains(issues[4].message, "field \"nodes\": element 2 of 2"));
}

TEST_CASE("the key must be an array of tables, of the declared size") {
  CHECK(contains(io_test::only_issue(phase_schema(), "traffic.phases = 3\n").message,
                 "an array of tables ([[traffic.phases]]) with fields duration, pattern, load, "
                 "nodes"));
  CHECK(contains(io_test::only_issue(phase_schema(), "traffic.phases = [1]\n").message,
                 "table 1 of 1 (value 1) has the wrong type (an integer)"));
  CHECK(contains(io_test::only_issue(phase_schema(),
                                     "traffic.phases = [{duration = 1}, {duration = 1}, "
                                     "{duration = 1}, {duration = 1}]\n")
                     .message,
                 "4 tables given; allowed: 0 .. 3 tables"));
}

TEST_CASE("--set replaces the whole list; its rows have no file line") {
  const auto config =
      io_test::load(phase_schema(), kTwoPhases, {{"traffic.phases", "[{duration = 7, load = 1}]"}});
  const auto& rows = config.get_table_list("traffic.phases");
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].get_int("duration") == 7);
  CHECK(rows[0].get_float("load") == 1.0);
  CHECK(rows[0].line == 0);
  const auto issue =
      io_test::only_issue(phase_schema(), "", {{"traffic.phases", "[{duration = -1}]"}});
  CHECK(issue.location == "--set traffic.phases=[{duration = -1}]");
}

TEST_CASE("effective_toml writes inline tables that load back to the same rows") {
  const auto schema = phase_schema();
  const auto config = io_test::load(schema, kTwoPhases);
  const std::string text = config.effective_toml();
  CHECK(contains(text,
                 "phases = [{duration = 100, pattern = \"transpose\", load = 0.1}, "
                 "{duration = 50, load = 0.5, nodes = [1, 2]}]\n"));
  const auto again = io_test::load(schema, text);
  CHECK(again.get_table_list("traffic.phases") == config.get_table_list("traffic.phases"));
  CHECK(again.hash() == config.hash());
}

TEST_CASE("explain lists the table list and each of its fields") {
  const std::string text = phase_schema().explain();
  CHECK(contains(text, "traffic.phases "));
  CHECK(contains(text, "table list"));
  CHECK(contains(text, "0 .. 3 tables"));
  const auto at = text.find("traffic.phases[].duration");
  REQUIRE(at != std::string::npos);
  const std::string line = text.substr(at, text.find('\n', at) - at);
  CHECK(contains(line, "(required)"));
  CHECK(contains(line, "cycles"));
  CHECK(contains(line, ">= 1"));
  CHECK(contains(text, "traffic.phases[].pattern"));
  CHECK(contains(text, "uniform | transpose"));
}

TEST_CASE("declaration mistakes of table lists are programming errors") {
  io::Schema s;
  SUBCASE("a field on another kind of key") {
    CHECK_THROWS_AS(s.add_int("a.b", 1).field(io::field_int("c", 1)), std::logic_error);
  }
  SUBCASE("a field declared twice") {
    auto& list = s.add_table_list("a.b").field(io::field_int("c", 1));
    CHECK_THROWS_AS(list.field(io::field_float("c", 1.0)), std::logic_error);
  }
  SUBCASE("a bad field name") { CHECK_THROWS_AS(io::field_int("a.b", 1), std::logic_error); }
  SUBCASE("a table list without fields") {
    s.add_table_list("a.b");
    CHECK_THROWS_AS(s.verify(), std::logic_error);
  }
  SUBCASE("a field whose default breaks its bounds") {
    s.add_table_list("a.b").field(io::field_int("c", 0).min(1));
    CHECK_THROWS_AS(s.verify(), std::logic_error);
  }
}

TEST_CASE("semantic errors about a table list point at its first table") {
  const auto config = io_test::load(phase_schema(), kTwoPhases);
  CHECK(config.issue_location("traffic.phases") == "test.toml:4:1");
}
