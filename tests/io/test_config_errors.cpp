// SPDX-License-Identifier: Apache-2.0
// Every kind of configuration error names its location, key, value as written and what is allowed;
// all are reported at once.
#include <algorithm>

#include <doctest/doctest.h>

#include "tests/io/io_test_schemas.hpp"

using io_test::issues_of;
using io_test::only_issue;
using io_test::phold_file;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("unknown key: location of the key, its value, a did-you-mean and the valid keys") {
  const auto schema = io_test::phold_schema();
  const auto issue = only_issue(schema, phold_file("[phold]\nlsp = 64\n"));
  CHECK(issue.location == "test.toml:5:1");
  CHECK(issue.key == "phold.lsp");
  CHECK(contains(issue.message, "unknown key (value 64)"));
  CHECK(contains(issue.message, "did you mean phold.lps?"));
  CHECK(contains(issue.message,
                 "valid keys in [phold]: lps, start_events, mean_delay, lookahead, "
                 "remote_fraction, group_size"));
}

TEST_CASE("unknown key with no close name lists the section's keys without a suggestion") {
  const auto schema = io_test::phold_schema();
  const auto issue = only_issue(schema, phold_file("[phold]\ncolour = \"red\"\n"));
  CHECK(issue.key == "phold.colour");
  CHECK(contains(issue.message, "value \"red\""));
  CHECK_FALSE(contains(issue.message, "did you mean"));
  CHECK(contains(issue.message, "valid keys in [phold]: lps"));
}

TEST_CASE("a key put in the wrong section suggests the section that has it") {
  const auto schema = io_test::phold_schema();
  const auto issue = only_issue(schema, phold_file("batch_size = 8\n"));
  CHECK(issue.key == "simulation.batch_size");
  CHECK(contains(issue.message, "did you mean kernel.batch_size?"));
}

TEST_CASE("unknown section: did-you-mean among sections, reported once for the whole table") {
  const auto schema = io_test::phold_schema();
  const auto issue = only_issue(schema, phold_file("[kernal]\nbatch_size = 8\ngvt_interval = 4\n"));
  CHECK(issue.location == "test.toml:4:2");
  CHECK(issue.key == "kernal");
  CHECK(contains(issue.message, "unknown section [kernal]"));
  CHECK(contains(issue.message, "did you mean [kernel]?"));
  CHECK(
      contains(issue.message, "valid sections at the top level: [simulation], [kernel], [phold]"));
}

TEST_CASE("a quoted key with dots is one unknown key, not a dotted path") {
  const auto schema = io_test::phold_schema();
  const auto issue = only_issue(schema, "\"phold.lps\" = 3\n" + phold_file());
  CHECK(issue.location == "test.toml:1:1");
  CHECK(contains(issue.message, "the quoted name \"phold.lps\" at the top level is one key"));
}

TEST_CASE("wrong types name the value as written, its type and the expected type") {
  const auto schema = io_test::phold_schema();
  SUBCASE("string for an integer") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlps = \"64\"\n"));
    CHECK(issue.location == "test.toml:5:7");
    CHECK(issue.key == "phold.lps");
    CHECK(issue.message ==
          "value \"64\" has the wrong type (a string); expected an integer in 1 .. 1099511627776");
  }
  SUBCASE("float for an integer is not truncated") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlps = 64.0\n"));
    CHECK(contains(issue.message, "value 64.0 has the wrong type (a float); expected an integer"));
  }
  SUBCASE("integer for a float is accepted") {
    const auto config = io_test::load(schema, phold_file("[phold]\nmean_delay = 2\n"));
    CHECK(config.get_float("phold.mean_delay") == 2.0);
  }
  SUBCASE("integer too large to be an exact float") {
    const auto issue = only_issue(schema, phold_file("[phold]\nmean_delay = 9007199254740993\n"));
    CHECK(contains(issue.message, "9007199254740993 cannot be represented exactly as a float"));
  }
  SUBCASE("boolean for an integer") {
    const auto issue = only_issue(schema, phold_file("seed = true\n"));
    CHECK(issue.key == "simulation.seed");
    CHECK(contains(issue.message,
                   "value true has the wrong type (a boolean); expected an integer >= 0"));
  }
  SUBCASE("array for a scalar") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlps = [8, 8]\n"));
    CHECK(contains(issue.message, "value [8, 8] has the wrong type (an array)"));
  }
  SUBCASE("integer for a choice lists the choices") {
    const auto issue = only_issue(schema, phold_file("engine = 2\n"));
    CHECK(contains(issue.message, "expected one of: sequential, optimistic, rollback-check"));
  }
  SUBCASE("table for a key") {
    const auto issue = only_issue(schema, phold_file("[phold.lps]\nx = 1\n"));
    CHECK(issue.key == "phold.lps");
    CHECK(contains(issue.message, "value {x = 1} has the wrong type (a table)"));
  }
  SUBCASE("value for a section") {
    const auto issue = only_issue(schema, "phold = 3\n" + phold_file());
    CHECK(issue.key == "phold");
    CHECK(contains(issue.message, "[phold] is a section, expected a table of keys"));
  }
  SUBCASE("the value is quoted as written: underscores and hex survive") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlps = 0x0\n"));
    CHECK(contains(issue.message, "value 0x0 is out of range"));
  }
}

TEST_CASE("out of range: the value and the allowed range") {
  const auto schema = io_test::phold_schema();
  SUBCASE("inclusive range") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlps = -5\n"));
    CHECK(io::format_issue(issue) ==
          "test.toml:5:7: phold.lps: value -5 is out of range; allowed: 1 .. 1099511627776");
  }
  SUBCASE("exclusive lower bound") {
    const auto issue = only_issue(schema, phold_file("[phold]\nmean_delay = 0.0\n"));
    CHECK(issue.message == "value 0.0 is out of range; allowed: > 0");
  }
  SUBCASE("half-open probability") {
    const auto issue =
        only_issue(schema, phold_file("[kernel]\nforced_rollback_probability = 1.5\n"));
    CHECK(issue.message == "value 1.5 is out of range; allowed: >= 0 and < 1");
  }
  SUBCASE("inf where a finite value is required") {
    const auto issue = only_issue(schema, "[simulation]\nmodel = \"phold\"\nend_time = inf\n");
    CHECK(issue.key == "simulation.end_time");
    CHECK(issue.message == "value inf is not finite; expected a finite float > 0");
  }
  SUBCASE("nan is never a valid number") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlookahead = nan\n"));
    CHECK(contains(issue.message, "value nan is not a number"));
  }
  SUBCASE("an integer knob is not truncated to its C++ width") {
    const auto issue = only_issue(schema, phold_file("[kernel]\nbatch_size = 4294967296\n"));
    CHECK(issue.message == "value 4294967296 is out of range; allowed: 1 .. 4294967295");
  }
}

TEST_CASE("unknown name of a choice: the allowed names and a did-you-mean") {
  const auto schema = io_test::phold_schema();
  SUBCASE("engine") {
    const auto issue = only_issue(schema, phold_file("engine = \"optimstic\"\n"));
    CHECK(issue.location == "test.toml:4:10");
    CHECK(issue.message ==
          "value \"optimstic\" is not a valid choice; allowed: sequential, optimistic, "
          "rollback-check; did you mean \"optimistic\"?");
  }
  SUBCASE("model") {
    const auto issue = only_issue(schema, "[simulation]\nmodel = \"phlod\"\nend_time = 1.0\n");
    CHECK(issue.key == "simulation.model");
    CHECK(contains(issue.message, "allowed: phold; did you mean \"phold\"?"));
  }
  SUBCASE("names are case-sensitive, but the suggestion finds them") {
    const auto issue = only_issue(schema, phold_file("engine = \"Optimistic\"\n"));
    CHECK(contains(issue.message, "did you mean \"optimistic\"?"));
  }
}

TEST_CASE("missing required keys name the key, the file and what is expected") {
  const auto schema = io_test::phold_schema();
  const auto issue = only_issue(schema, "[simulation]\nmodel = \"phold\"\n");
  CHECK(io::format_issue(issue) ==
        "test.toml: simulation.end_time: required key is missing; expected a finite float > 0 "
        "(model time units)");
}

TEST_CASE("list errors point at the element") {
  const auto schema = io_test::toy_schema();
  SUBCASE("element out of range") {
    const auto issue = only_issue(schema, "[run]\ndims = [4, 0]\n");
    CHECK(issue.location == "test.toml:2:12");
    CHECK(issue.message == "element 2 of 2 (value 0) is out of range; allowed: each >= 1");
  }
  SUBCASE("element of the wrong type") {
    const auto issue = only_issue(schema, "[run]\ndims = [4, \"x\"]\n");
    CHECK(issue.message ==
          "element 2 of 2 (value \"x\") has the wrong type (a string); expected an integer >= 1");
  }
  SUBCASE("too many elements") {
    const auto issue = only_issue(schema, "[run]\ndims = [1, 2, 3, 4]\n");
    CHECK(issue.message == "value [1, 2, 3, 4] has 4 elements; allowed: 1 .. 3 elements");
  }
  SUBCASE("too few elements") {
    const auto issue = only_issue(schema, "[run]\ndims = []\n");
    CHECK(contains(issue.message, "has 0 elements; allowed: 1 .. 3 elements"));
  }
  SUBCASE("scalar for a list") {
    const auto issue = only_issue(schema, "[run]\ntags = \"a\"\n");
    CHECK(issue.message ==
          "value \"a\" has the wrong type (a string); expected an array of strings");
  }
  SUBCASE("two bad elements are two issues") {
    CHECK(issues_of(schema, "[run]\ndims = [0, 0]\n").size() == 2);
  }
  SUBCASE("a multi-line array is quoted on one line") {
    const auto issue = only_issue(schema, "[run]\ndims = [\n  1, 2,\n  3, 4]\n");
    CHECK(contains(issue.message, "value [1, 2, 3, 4] has 4 elements"));
  }
}

TEST_CASE("TOML syntax errors name the file, line, column and the parser's message") {
  const auto schema = io_test::phold_schema();
  SUBCASE("unterminated string") {
    const auto issue = only_issue(schema, phold_file("name = \"oops\n"));
    CHECK(issue.location.starts_with("test.toml:4:"));
    CHECK(issue.key.empty());
    CHECK(contains(issue.message, "TOML syntax error: "));
  }
  SUBCASE("duplicate key") {
    const auto issue = only_issue(schema, phold_file("[phold]\nlps = 1\nlps = 2\n"));
    CHECK(issue.location == "test.toml:6:7");
    CHECK(contains(issue.message, "lps"));
  }
  SUBCASE("integer beyond int64") {
    const auto issue = only_issue(schema, phold_file("max_events = 99999999999999999999\n"));
    CHECK(contains(issue.message, "not representable in 64 bits"));
  }
  SUBCASE("no missing-key noise after a syntax error, but --set is still checked") {
    const auto issues = issues_of(schema, "[simulation\n", {{"phold.lsp", "3"}});
    REQUIRE(issues.size() == 2);
    CHECK(contains(issues[0].message, "TOML syntax error"));
    CHECK(issues[1].key == "phold.lsp");
  }
}

TEST_CASE("all errors are reported at once, file issues in file order, then --set, then missing") {
  const auto schema = io_test::phold_schema();
  const std::string text =
      "[simulation]\n"
      "engine = \"warp\"\n"
      "seed = -1\n"
      "[kernel]\n"
      "batch_size = 0\n"
      "optimism_window = 0\n"
      "[phold]\n"
      "lsp = 64\n"
      "remote_fraction = 1.5\n";
  try {
    (void)io_test::load(schema, text, {{"phold.group_size", "0"}, {"kernel.bogus", "1"}});
    FAIL("expected ConfigErrors");
  } catch (const io::ConfigErrors& e) {
    std::vector<std::string> keys;
    for (const auto& issue : e.issues()) keys.push_back(issue.key);
    CHECK(keys == std::vector<std::string>{"simulation.engine", "simulation.seed",
                                           "kernel.batch_size", "kernel.optimism_window",
                                           "phold.lsp", "phold.remote_fraction", "phold.group_size",
                                           "kernel.bogus", "simulation.model",
                                           "simulation.end_time"});
    const std::string what = e.what();
    CHECK(std::count(what.begin(), what.end(), '\n') == 9);
    CHECK(
        contains(what, "test.toml:2:10: simulation.engine: value \"warp\" is not a valid choice"));
    CHECK(contains(what, "--set phold.group_size=0: phold.group_size: value 0 is out of range"));
    CHECK(e.key() == "simulation.engine");
    const pdes::ConfigError& base = e;  // what the CLI catches
    CHECK(std::string(base.what()) == what);
  }
}

TEST_CASE("an unreadable file is an error that names the file") {
  const auto schema = io_test::phold_schema();
  try {
    (void)io::load_config(schema, "/nonexistent/x.toml", {});
    FAIL("expected ConfigErrors");
  } catch (const io::ConfigErrors& e) {
    REQUIRE(e.issues().size() == 1);
    CHECK(e.issues()[0].location == "/nonexistent/x.toml");
    CHECK(contains(e.issues()[0].message, "cannot read the configuration file"));
  }
}

TEST_CASE("ConfigErrors needs at least one issue") {
  CHECK_THROWS_AS(io::ConfigErrors({}), std::logic_error);
}
