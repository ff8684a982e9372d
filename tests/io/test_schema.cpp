// SPDX-License-Identifier: Apache-2.0
// io::Schema: declarations, programming errors in them, and explain().
#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>

#include "tests/io/io_test_schemas.hpp"

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a declaration records its path, section, type, default and modifiers") {
  io::Schema schema;
  schema.add_int("phold.lps", 64).range(1, 1000).unit("LPs").describe("LP count");
  const io::KeyDecl* d = schema.find("phold.lps");
  REQUIRE(d != nullptr);
  CHECK(d->section == "phold");
  CHECK(d->name == "lps");
  CHECK(d->type == io::ValueType::integer);
  CHECK(std::get<std::int64_t>(d->default_value) == 64);
  CHECK(d->unit == "LPs");
  CHECK(d->description == "LP count");
  CHECK(io::describe_allowed(*d) == "an integer in 1 .. 1000");
  CHECK(schema.find("phold.lsp") == nullptr);
  CHECK(schema.is_section("phold"));
  CHECK_FALSE(schema.is_section("phold.lps"));
}

TEST_CASE("nested sections are created outermost first, in order of first mention") {
  io::Schema schema;
  schema.add_int("traffic.phases.count", 1);
  schema.describe_section("kernel", "Knobs");
  schema.add_int("traffic.rate", 1);
  std::vector<std::string> names;
  for (const auto& s : schema.sections()) names.push_back(s.name);
  CHECK(names == std::vector<std::string>{"traffic", "traffic.phases", "kernel"});
  CHECK(schema.child_keys("traffic") == std::vector<std::string>{"rate"});
  CHECK(schema.child_sections("traffic") == std::vector<std::string>{"phases"});
  CHECK(schema.child_sections("") == std::vector<std::string>{"traffic", "kernel"});
}

TEST_CASE("describe_allowed and describe_bounds spell out every kind of constraint") {
  io::Schema s;
  CHECK(io::describe_allowed(s.add_float("a.gt", 1).greater_than(0).decl()) == "a float > 0");
  CHECK(io::describe_allowed(s.add_float("a.half", 0).min(0).less_than(1).decl()) ==
        "a float >= 0 and < 1");
  CHECK(io::describe_allowed(s.add_float("a.fin", 1).min(0).finite().decl()) ==
        "a finite float >= 0");
  CHECK(io::describe_allowed(s.add_int("a.max", 1).max(9).decl()) == "an integer <= 9");
  CHECK(io::describe_allowed(s.add_bool("a.b", true).decl()) == "true or false");
  CHECK(io::describe_allowed(s.add_string("a.s", "").decl()) == "a string");
  CHECK(io::describe_allowed(s.add_choice("a.c", "x", {"x", "y"}).decl()) == "one of: x, y");
  CHECK(io::describe_allowed(s.add_int_list("a.l", {1, 1}).list_size(2, 2).min(1).decl()) ==
        "an array of integers with exactly 2 elements, each >= 1");
  CHECK(io::describe_allowed(s.add_float_list("a.f", {}).list_size(0, 3).range(0, 1).decl()) ==
        "an array of floats with 0 .. 3 elements, each in 0 .. 1");
  CHECK(io::describe_allowed(s.add_string_list("a.t", {}).decl()) == "an array of strings");
}

TEST_CASE("bounds keep 64-bit integers exact") {
  io::Schema s;
  const auto& d = s.add_int("a.big", 0).max(std::numeric_limits<std::int64_t>::max() - 1).decl();
  CHECK(
      io::within_bounds(d, static_cast<long double>(std::numeric_limits<std::int64_t>::max() - 1)));
  CHECK_FALSE(
      io::within_bounds(d, static_cast<long double>(std::numeric_limits<std::int64_t>::max())));
  CHECK(io::describe_bounds(d) == "<= 9223372036854775806");
}

TEST_CASE("declaration mistakes are programming errors (std::logic_error)") {
  io::Schema s;
  s.add_int("phold.lps", 1);
  SUBCASE("declared twice") { CHECK_THROWS_AS(s.add_float("phold.lps", 1), std::logic_error); }
  SUBCASE("a key inside a key") { CHECK_THROWS_AS(s.add_int("phold.lps.x", 1), std::logic_error); }
  SUBCASE("a key where a section is") { CHECK_THROWS_AS(s.add_int("phold", 1), std::logic_error); }
  SUBCASE("malformed paths") {
    CHECK_THROWS_AS(s.add_int("", 1), std::logic_error);
    CHECK_THROWS_AS(s.add_int("a..b", 1), std::logic_error);
    CHECK_THROWS_AS(s.add_int("a.b c", 1), std::logic_error);
    CHECK_THROWS_AS(s.add_int(".a", 1), std::logic_error);
  }
  SUBCASE("a range on a string") {
    CHECK_THROWS_AS(s.add_string("a.s", "").range(0, 1), std::logic_error);
  }
  SUBCASE("an empty range") { CHECK_THROWS_AS(s.add_int("a.i", 1).range(2, 1), std::logic_error); }
  SUBCASE("list_size on a scalar") {
    CHECK_THROWS_AS(s.add_int("a.i", 1).list_size(1, 2), std::logic_error);
  }
  SUBCASE("finite on an integer") {
    CHECK_THROWS_AS(s.add_int("a.i", 1).finite(), std::logic_error);
  }
  SUBCASE("a choice without choices, or with one twice") {
    CHECK_THROWS_AS(s.add_choice("a.c", "x", {}), std::logic_error);
    CHECK_THROWS_AS(s.add_choice("a.c", "x", {"x", "x"}), std::logic_error);
  }
  SUBCASE("a section governed by two different keys") {
    s.add_choice("a.c", "x", {"x", "y"});
    s.add_choice("a.d", "x", {"x", "y"});
    s.section_active_when("b", "a.c", "x");
    CHECK_THROWS_AS(s.section_active_when("b", "a.d", "x"), std::logic_error);
  }
}

TEST_CASE("verify() rejects defaults that break their own constraints and bad section rules") {
  SUBCASE("default out of range") {
    io::Schema s;
    s.add_int("a.i", 0).min(1);
    CHECK_THROWS_WITH_AS(s.verify(), doctest::Contains("\"a.i\""), std::logic_error);
  }
  SUBCASE("default not among the choices") {
    io::Schema s;
    s.add_choice("a.c", "z", {"x", "y"});
    CHECK_THROWS_AS(s.verify(), std::logic_error);
  }
  SUBCASE("a required key needs no valid default") {
    io::Schema s;
    s.add_choice("a.c", "", {"x"}).required();
    s.add_int("a.i", 0).min(1).required();
    CHECK_NOTHROW(s.verify());
  }
  SUBCASE("default list with a bad element or size") {
    io::Schema s;
    s.add_int_list("a.l", {1, 0}).min(1);
    CHECK_THROWS_AS(s.verify(), std::logic_error);
    io::Schema t;
    t.add_int_list("a.l", {}).list_size(1, 2);
    CHECK_THROWS_AS(t.verify(), std::logic_error);
  }
  SUBCASE("inf default of a finite key") {
    io::Schema s;
    s.add_float("a.f", std::numeric_limits<double>::infinity()).finite();
    CHECK_THROWS_AS(s.verify(), std::logic_error);
  }
  SUBCASE("section rule on an undeclared or non-choice key") {
    io::Schema s;
    s.add_int("a.i", 1);
    s.section_active_when("b", "a.i", "1");
    CHECK_THROWS_AS(s.verify(), std::logic_error);
    io::Schema t;
    t.section_active_when("b", "a.missing", "1");
    CHECK_THROWS_AS(t.verify(), std::logic_error);
  }
  SUBCASE("section rule with a value that is not a choice") {
    io::Schema s;
    s.add_choice("a.c", "x", {"x", "y"});
    s.section_active_when("b", "a.c", "z");
    CHECK_THROWS_AS(s.verify(), std::logic_error);
  }
  SUBCASE("a section governed by its own key") {
    io::Schema s;
    s.add_choice("b.c", "x", {"x", "y"});
    s.section_active_when("b", "b.c", "x");
    CHECK_THROWS_AS(s.verify(), std::logic_error);
  }
  SUBCASE("load_config calls verify") {
    io::Schema s;
    s.add_int("a.i", 0).min(1);
    CHECK_THROWS_AS((void)io::load_config_string(s, "", "x.toml", {}), std::logic_error);
  }
}

TEST_CASE(
    "explain() lists every key with its type, default, unit, allowed values and description") {
  const auto schema = io_test::phold_schema();
  const std::string text = schema.explain();
  for (const io::KeyDecl* d : schema.keys()) {
    CAPTURE(d->path);
    // The key's line holds all its columns.
    const auto at = text.find("  " + d->path + " ");
    REQUIRE(at != std::string::npos);
    const std::string line = text.substr(at, text.find('\n', at) - at);
    CHECK(contains(line, std::string(io::type_name(d->type))));
    CHECK(contains(line, d->description));
    if (!d->unit.empty()) CHECK(contains(line, d->unit));
    if (!d->required) CHECK(contains(line, io::to_toml(d->default_value)));
  }
  CHECK(contains(text, "[simulation]  What to simulate"));
  CHECK(contains(text,
                 "[phold]  PHOLD benchmark (stand-in for models/phold)  (only when "
                 "simulation.model = \"phold\")"));
  CHECK(contains(text, "(required)"));
  CHECK(contains(text, "sequential | optimistic | rollback-check"));
  CHECK(contains(text, "1 .. 1099511627776"));
  CHECK(contains(text, ">= 0 and < 1"));
  // Sections appear in schema order.
  CHECK(text.find("[simulation]") < text.find("[kernel]"));
  CHECK(text.find("[kernel]") < text.find("[phold]"));
}

TEST_CASE("explain() shows list constraints and nested sections with their rule") {
  const std::string text = io_test::toy_schema().explain();
  CHECK(contains(text, "1 .. 3 elements, each >= 1"));
  CHECK(contains(text,
                 "[traffic.hotspot]  Hot-spot pattern  (only when traffic.pattern = \"hotspot\")"));
  CHECK(contains(text, "[traffic.hotspot.extra]"));
  CHECK(contains(text, "[4, 4]"));
}
