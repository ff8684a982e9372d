// SPDX-License-Identifier: Apache-2.0
// Optional keys (KeyBuilder::optional): no default, a value only when given.
#include <doctest/doctest.h>

#include <stdexcept>

#include "io/config/error_collector.hpp"
#include "tests/io/io_test_schemas.hpp"

namespace {

io::Schema optional_schema() {
  io::Schema s;
  s.describe_section("net", "Keys that only some choices use");
  s.add_choice("net.shape", "mesh", {"mesh", "tree"}).describe("Shape");
  s.add_int_list("net.dims", {}).optional().min(2).describe("Radix per dimension (mesh)");
  s.add_int("net.levels", 0).optional().range(1, 8).describe("Levels (tree)");
  return s;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("an optional key not given has no value and is not set") {
  const auto config = io_test::load(optional_schema(), "[net]\ndims = [4, 4]\n");
  CHECK(config.is_set("net.dims"));
  CHECK(config.get_int_list("net.dims") == std::vector<std::int64_t>{4, 4});
  CHECK_FALSE(config.is_set("net.levels"));
  CHECK_THROWS_AS((void)config.get_int("net.levels"), std::logic_error);
}

TEST_CASE("an optional key given is checked like any key") {
  const auto issue = io_test::only_issue(optional_schema(), "[net]\nlevels = 9\n");
  CHECK(issue.key == "net.levels");
  CHECK(contains(issue.message, "1 .. 8"));
  CHECK(io_test::load(optional_schema(), "", {{"net.levels", "3"}}).get_int("net.levels") == 3);
}

TEST_CASE("effective_toml leaves out optional keys that were not given, and loads back") {
  const auto schema = optional_schema();
  const auto config = io_test::load(schema, "[net]\nlevels = 2\n");
  const std::string text = config.effective_toml();
  CHECK(text == "[net]\nshape = \"mesh\"\nlevels = 2\n");
  const auto again = io_test::load(schema, text);
  CHECK_FALSE(again.is_set("net.dims"));
  CHECK(again.hash() == config.hash());
}

TEST_CASE("explain shows (none) as the default of an optional key") {
  const std::string text = optional_schema().explain();
  const auto at = text.find("net.levels");
  REQUIRE(at != std::string::npos);
  CHECK(contains(text.substr(at, text.find('\n', at) - at), "(none)"));
}

TEST_CASE("an error about an optional key that was not given says so") {
  const auto config = io_test::load(optional_schema(), "");
  io::ErrorCollector errors(config);
  errors.add("net.dims", "required by shape 'mesh'");
  REQUIRE(errors.issues().size() == 1);
  CHECK(errors.issues()[0].message == "required by shape 'mesh' (the key is not given)");
}

TEST_CASE("a key cannot be both required and optional") {
  io::Schema s;
  CHECK_THROWS_AS(s.add_int("a.b", 1).required().optional(), std::logic_error);
  CHECK_THROWS_AS(s.add_int("a.c", 1).optional().required(), std::logic_error);
}

TEST_CASE("verify does not check the placeholder default of an optional key") {
  io::Schema s;
  s.add_int("a.b", 0).optional().min(1);
  CHECK_NOTHROW(s.verify());
}
