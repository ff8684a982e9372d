// SPDX-License-Identifier: Apache-2.0
// io::ErrorCollector: cross-key checks located where the user set the key, thrown together.
#include <doctest/doctest.h>

#include "io/config/error_collector.hpp"
#include "tests/io/io_test_schemas.hpp"

TEST_CASE("an empty collector does not throw") {
  const auto config = io_test::load(io_test::toy_schema(), "");
  io::ErrorCollector errors(config);
  CHECK(errors.empty());
  CHECK_NOTHROW(errors.throw_if_any());
}

TEST_CASE("issues are located at the file, the --set, or the file for a default") {
  const auto config =
      io_test::load(io_test::toy_schema(), "[run]\ncount = 3\n", {{"run.ratio", "0.5"}});
  io::ErrorCollector errors(config);
  errors.add("run.count", "value 3 does not divide run.dims");
  errors.add("run.ratio", "value 0.5 is too large with run.count = 3");
  errors.add("run.rate", "value 1.0 is too slow");
  errors.add("", "the configuration as a whole is wrong");
  CHECK_FALSE(errors.empty());
  try {
    errors.throw_if_any();
    FAIL("expected ConfigErrors");
  } catch (const pdes::ConfigError& base) {
    const auto& e = dynamic_cast<const io::ConfigErrors&>(base);
    REQUIRE(e.issues().size() == 4);
    CHECK(io::format_issue(e.issues()[0]) ==
          "test.toml:2:9: run.count: value 3 does not divide run.dims");
    CHECK(io::format_issue(e.issues()[1]) ==
          "--set run.ratio=0.5: run.ratio: value 0.5 is too large with run.count = 3");
    CHECK(io::format_issue(e.issues()[2]) ==
          "test.toml: run.rate: value 1.0 is too slow (this is the default value)");
    CHECK(io::format_issue(e.issues()[3]) == "test.toml: the configuration as a whole is wrong");
    CHECK(e.key() == "run.count");
  }
}

TEST_CASE("an issue about an undeclared key is a programming error") {
  const auto config = io_test::load(io_test::toy_schema(), "");
  io::ErrorCollector errors(config);
  CHECK_THROWS_AS(errors.add("run.nope", "x"), std::logic_error);
}
