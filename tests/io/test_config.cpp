// SPDX-License-Identifier: Apache-2.0
// io::Config: typed getters, defaults, is_set, location, and getters misused.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "tests/io/io_test_schemas.hpp"

TEST_CASE("getters return the file's values, typed") {
  const auto config = io_test::load(io_test::toy_schema(),
                                    "[run]\n"
                                    "name = \"demo\"\n"
                                    "count = 1_0\n"
                                    "ratio = 1\n"
                                    "rate = inf\n"
                                    "flag = true\n"
                                    "mode = \"exact\"\n"
                                    "dims = [8, 8, 2]\n"
                                    "weights = [1, 0.25]\n"
                                    "tags = [\"x\"]\n");
  CHECK(config.get_string("run.name") == "demo");
  CHECK(config.get_int("run.count") == 10);
  CHECK(config.get_float("run.ratio") == 1.0);
  CHECK(std::isinf(config.get_float("run.rate")));
  CHECK(config.get_bool("run.flag"));
  CHECK(config.get_string("run.mode") == "exact");
  CHECK(config.get_int_list("run.dims") == std::vector<std::int64_t>{8, 8, 2});
  CHECK(config.get_float_list("run.weights") == std::vector<double>{1.0, 0.25});
  CHECK(config.get_string_list("run.tags") == std::vector<std::string>{"x"});
}

TEST_CASE("keys not in the file have their declared defaults and are not set") {
  const auto config = io_test::load(io_test::toy_schema(), "[run]\ncount = 7\n");
  CHECK(config.get_int("run.count") == 7);
  CHECK(config.is_set("run.count"));
  CHECK(config.get_string("run.name") == "toy");
  CHECK_FALSE(config.is_set("run.name"));
  CHECK(config.get_int_list("run.dims") == std::vector<std::int64_t>{4, 4});
  CHECK(config.location("run.name") == "default");
}

TEST_CASE("dotted keys and inline tables are the same keys as [section] tables") {
  const auto schema = io_test::toy_schema();
  CHECK(io_test::load(schema, "run.count = 3\n").get_int("run.count") == 3);
  CHECK(io_test::load(schema, "run = { count = 3 }\n").get_int("run.count") == 3);
}

TEST_CASE("location() and issue_location() say where a value came from") {
  const auto config =
      io_test::load(io_test::toy_schema(), "\n[run]\ncount = 3\n", {{"run.ratio", "0.25"}});
  CHECK(config.location("run.count") == "test.toml:3");
  CHECK(config.issue_location("run.count") == "test.toml:3:9");
  CHECK(config.location("run.ratio") == "--set run.ratio=0.25");
  CHECK(config.issue_location("run.ratio") == "--set run.ratio=0.25");
  CHECK(config.location("run.rate") == "default");
  CHECK(config.issue_location("run.rate") == "test.toml");
  CHECK(config.as_written("run.count") == "3");
  CHECK(config.as_written("run.ratio") == "0.25");
  CHECK(config.as_written("run.rate") == "1.0");
}

TEST_CASE("getters on undeclared keys or of the wrong type are programming errors") {
  const auto config = io_test::load(io_test::toy_schema(), "");
  CHECK_THROWS_AS((void)config.get_int("run.nope"), std::logic_error);
  CHECK_THROWS_AS((void)config.get_float("run.count"), std::logic_error);
  CHECK_THROWS_AS((void)config.get_int("run.ratio"), std::logic_error);
  CHECK_THROWS_AS((void)config.get_bool("run.name"), std::logic_error);
  CHECK_THROWS_AS((void)config.get_string("run.flag"), std::logic_error);
  CHECK_THROWS_AS((void)config.get_int_list("run.weights"), std::logic_error);
  CHECK_THROWS_AS((void)config.get_string_list("run.dims"), std::logic_error);
  CHECK_THROWS_AS((void)config.is_set("run.nope"), std::logic_error);
  CHECK_THROWS_AS((void)config.location("nope"), std::logic_error);
}

TEST_CASE("a Config does not depend on the Schema object it was loaded with") {
  std::optional<io::Config> config;
  {
    const auto schema = io_test::toy_schema();
    config.emplace(io_test::load(schema, "[run]\ncount = 9\n"));
  }
  CHECK(config->get_int("run.count") == 9);
  CHECK(config->schema().find("run.count") != nullptr);
}

TEST_CASE("load_config reads a file and names it in locations") {
  const auto path = std::filesystem::temp_directory_path() / "warpnet_test_config.toml";
  {
    std::ofstream out(path);
    out << "[run]\ncount = 5\n";
  }
  const auto config = io::load_config(io_test::toy_schema(), path.string(), {});
  CHECK(config.get_int("run.count") == 5);
  CHECK(config.location("run.count") == path.string() + ":2");
  CHECK(config.source_name() == path.string());
  std::filesystem::remove(path);
}

TEST_CASE("an empty file is valid when no key is required") {
  const auto config = io_test::load(io_test::toy_schema(), "# nothing\n");
  CHECK(config.get_int("run.count") == 4);
}
