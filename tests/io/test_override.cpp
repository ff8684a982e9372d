// SPDX-License-Identifier: Apache-2.0
// --set key=value: splitting, typed reading, precedence, and bad overrides.
#include <doctest/doctest.h>

#include <cmath>

#include "tests/io/io_test_schemas.hpp"

using io_test::only_issue;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("parse_override splits at the first '=' and trims spaces") {
  const auto o = io::parse_override("phold.lps=3");
  CHECK(o.key == "phold.lps");
  CHECK(o.value == "3");
  CHECK(o.location() == "--set phold.lps=3");
  const auto spaced = io::parse_override(" simulation.name = a=b ");
  CHECK(spaced.key == "simulation.name");
  CHECK(spaced.value == "a=b");
  CHECK(io::parse_override("simulation.name=").value.empty());
}

TEST_CASE("parse_override rejects text that is not key=value") {
  SUBCASE("no '='") {
    CHECK_THROWS_WITH_AS(io::parse_override("phold.lps"),
                         doctest::Contains("--set phold.lps: expected key=value"),
                         io::ConfigErrors);
  }
  SUBCASE("empty key") { CHECK_THROWS_AS(io::parse_override("=3"), pdes::ConfigError); }
  SUBCASE("malformed key") {
    CHECK_THROWS_AS(io::parse_override("phold..lps=3"), pdes::ConfigError);
    CHECK_THROWS_AS(io::parse_override(".lps=3"), pdes::ConfigError);
    CHECK_THROWS_AS(io::parse_override("phold lps=3"), pdes::ConfigError);
  }
  SUBCASE("parse_overrides reports every malformed text at once") {
    try {
      (void)io::parse_overrides({"a.b=1", "nope", "c.d=2", "=x"});
      FAIL("expected ConfigErrors");
    } catch (const io::ConfigErrors& e) {
      REQUIRE(e.issues().size() == 2);
      CHECK(e.issues()[0].location == "--set nope");
      CHECK(e.issues()[1].location == "--set =x");
    }
  }
}

TEST_CASE("override values are read according to the declared type") {
  const auto schema = io_test::toy_schema();
  const auto config = io_test::load(schema, "",
                                    {{"run.count", "12"},
                                     {"run.ratio", "1"},
                                     {"run.rate", "inf"},
                                     {"run.flag", "true"},
                                     {"run.mode", "slow"},
                                     {"run.name", "two words"},
                                     {"run.dims", "[8,8]"},
                                     {"run.weights", "[0.5, 2]"},
                                     {"run.tags", "[x, 'y', \"z\"]"}});
  CHECK(config.get_int("run.count") == 12);
  CHECK(config.get_float("run.ratio") == 1.0);
  CHECK(std::isinf(config.get_float("run.rate")));
  CHECK(config.get_bool("run.flag"));
  CHECK(config.get_string("run.mode") == "slow");
  CHECK(config.get_string("run.name") == "two words");
  CHECK(config.get_int_list("run.dims") == std::vector<std::int64_t>{8, 8});
  CHECK(config.get_float_list("run.weights") == std::vector<double>{0.5, 2.0});
  CHECK(config.get_string_list("run.tags") == std::vector<std::string>{"x", "y", "z"});
}

TEST_CASE("quoted strings are TOML strings; bare words are taken as they are") {
  const auto schema = io_test::toy_schema();
  CHECK(io_test::load(schema, "", {{"run.mode", "\"exact\""}}).get_string("run.mode") == "exact");
  CHECK(io_test::load(schema, "", {{"run.name", "\"a\\tb\""}}).get_string("run.name") == "a\tb");
  CHECK(io_test::load(schema, "", {{"run.name", "123"}}).get_string("run.name") == "123");
  CHECK(io_test::load(schema, "", {{"run.name", ""}}).get_string("run.name").empty());
  CHECK(io_test::load(schema, "", {{"run.tags", "[]"}}).get_string_list("run.tags").empty());
}

TEST_CASE("--set wins over the file; the last --set wins") {
  const auto schema = io_test::toy_schema();
  const auto config =
      io_test::load(schema, "[run]\ncount = 3\n", {{"run.count", "5"}, {"run.count", "6"}});
  CHECK(config.get_int("run.count") == 6);
  CHECK(config.is_set("run.count"));
  CHECK(config.location("run.count") == "--set run.count=6");
}

TEST_CASE("bad overrides are errors located at the --set text") {
  const auto schema = io_test::toy_schema();
  SUBCASE("undeclared key, with a did-you-mean") {
    const auto issue = only_issue(schema, "", {{"run.cont", "3"}});
    CHECK(issue.location == "--set run.cont=3");
    CHECK(issue.key == "run.cont");
    CHECK(contains(issue.message, "unknown key (value 3); did you mean run.count?"));
  }
  SUBCASE("undeclared section") {
    const auto issue = only_issue(schema, "", {{"rn.count", "3"}});
    CHECK(contains(issue.message, "did you mean run.count?"));
    CHECK(contains(issue.message, "there is no section [rn]"));
  }
  SUBCASE("a section is not a key") {
    const auto issue = only_issue(schema, "", {{"run", "3"}});
    CHECK(contains(issue.message, "[run] is a section, not a key; valid keys in [run]: name"));
  }
  SUBCASE("not a number") {
    const auto issue = only_issue(schema, "", {{"run.count", "many"}});
    CHECK(issue.message == "value many cannot be read as an integer in 1 .. 100");
  }
  SUBCASE("float for an integer") {
    const auto issue = only_issue(schema, "", {{"run.count", "2.5"}});
    CHECK(issue.message ==
          "value 2.5 has the wrong type (a float); expected an integer in 1 .. 100");
  }
  SUBCASE("out of range") {
    const auto issue = only_issue(schema, "", {{"run.ratio", "2"}});
    CHECK(io::format_issue(issue) ==
          "--set run.ratio=2: run.ratio: value 2 is out of range; allowed: 0 .. 1");
  }
  SUBCASE("unknown choice") {
    const auto issue = only_issue(schema, "", {{"run.mode", "fats"}});
    CHECK(contains(issue.message,
                   "value \"fats\" is not a valid choice; allowed: fast, slow, exact"));
    CHECK(contains(issue.message, "did you mean \"fast\"?"));
  }
  SUBCASE("boolean spelt otherwise") {
    const auto issue = only_issue(schema, "", {{"run.flag", "yes"}});
    CHECK(issue.message == "value yes cannot be read as true or false");
  }
  SUBCASE("unterminated array names the TOML problem") {
    const auto issue = only_issue(schema, "", {{"run.dims", "[8,8"}});
    CHECK(contains(issue.message, "value [8,8 cannot be read as an array of integers"));
    CHECK(contains(issue.message, "(TOML: "));
  }
  SUBCASE("bad list element") {
    const auto issue = only_issue(schema, "", {{"run.dims", "[8,0]"}});
    CHECK(issue.message == "element 2 of 2 (value 0) is out of range; allowed: each >= 1");
  }
  SUBCASE("scalar for a list") {
    const auto issue = only_issue(schema, "", {{"run.dims", "8"}});
    CHECK(
        contains(issue.message, "has the wrong type (an integer); expected an array of integers"));
  }
  SUBCASE("a value may not smuggle in more TOML") {
    CHECK(only_issue(schema, "", {{"run.count", "1\nrun.ratio = 0"}}).message ==
          "the value must be on one line");
  }
  SUBCASE("a bad --set does not hide the file's errors") {
    const auto issues = io_test::issues_of(schema, "[run]\ncount = 0\n", {{"run.count", "x"}});
    REQUIRE(issues.size() == 2);
    CHECK(issues[0].location == "test.toml:2:9");
    CHECK(issues[1].location == "--set run.count=x");
  }
}
