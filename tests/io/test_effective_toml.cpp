// SPDX-License-Identifier: Apache-2.0
// Config::effective_toml() and hash(): complete, valid TOML that loads back to the same values.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "tests/io/io_test_schemas.hpp"

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Every active key has the same value in both configs.
void check_same_values(const io::Config& a, const io::Config& b) {
  for (const io::KeyDecl* d : a.schema().keys()) {
    CAPTURE(d->path);
    REQUIRE(a.is_active(d->path) == b.is_active(d->path));
    if (!a.is_active(d->path)) continue;
    switch (d->type) {
      case io::ValueType::integer:
        CHECK(a.get_int(d->path) == b.get_int(d->path));
        break;
      case io::ValueType::floating: {
        const double x = a.get_float(d->path);
        const double y = b.get_float(d->path);
        CHECK(std::memcmp(&x, &y, sizeof x) == 0);  // bit-identical
        break;
      }
      case io::ValueType::boolean:
        CHECK(a.get_bool(d->path) == b.get_bool(d->path));
        break;
      case io::ValueType::string:
      case io::ValueType::choice:
        CHECK(a.get_string(d->path) == b.get_string(d->path));
        break;
      case io::ValueType::int_list:
        CHECK(a.get_int_list(d->path) == b.get_int_list(d->path));
        break;
      case io::ValueType::float_list:
        CHECK(a.get_float_list(d->path) == b.get_float_list(d->path));
        break;
      case io::ValueType::string_list:
        CHECK(a.get_string_list(d->path) == b.get_string_list(d->path));
        break;
      case io::ValueType::table_list:
        CHECK(a.get_table_list(d->path) == b.get_table_list(d->path));
        break;
    }
  }
}

}  // namespace

TEST_CASE("effective_toml lists every active key, defaults included, sections in schema order") {
  const auto config =
      io_test::load(io_test::phold_schema(), io_test::phold_file("[phold]\nlps = 8\n"));
  const std::string text = config.effective_toml();
  CHECK(text.starts_with("[simulation]\nname = \"warpnet\"\nmodel = \"phold\"\n"));
  CHECK(contains(text, "\n[kernel]\nbatch_size = 16\n"));
  CHECK(contains(text, "optimism_window = inf\n"));
  CHECK(contains(text, "end_time = 100.0\n"));
  CHECK(contains(text, "\n[phold]\nlps = 8\n"));
  CHECK(text.find("[simulation]") < text.find("[kernel]"));
  CHECK(text.find("[kernel]") < text.find("[phold]"));
}

TEST_CASE("effective_toml leaves out inactive sections") {
  const auto config = io_test::load(io_test::toy_schema(), "");
  CHECK_FALSE(contains(config.effective_toml(), "hotspot"));
  CHECK(contains(config.effective_toml(), "[traffic]\npattern = \"uniform\"\n"));
}

TEST_CASE("loading the effective TOML again gives the same values and the same hash") {
  const auto schema = io_test::toy_schema();
  const auto original = io_test::load(schema,
                                      "[run]\n"
                                      "name = \"quote \\\" backslash \\\\ tab \\t é\"\n"
                                      "ratio = 0.1\n"
                                      "rate = 1e300\n"
                                      "count = 100\n"
                                      "dims = [1, 2, 3]\n"
                                      "weights = [0.30000000000000004, 5e-324, 1e22]\n"
                                      "tags = []\n"
                                      "[traffic]\n"
                                      "pattern = \"hotspot\"\n"
                                      "[traffic.hotspot]\n"
                                      "node = 9\n"
                                      "[traffic.hotspot.extra]\n"
                                      "level = 0\n",
                                      {{"run.flag", "true"}});
  const std::string text = original.effective_toml();
  const auto reloaded = io::load_config_string(schema, text, "effective.toml", {});
  check_same_values(original, reloaded);
  CHECK(reloaded.effective_toml() == text);
  CHECK(reloaded.hash() == original.hash());
}

TEST_CASE("round trip of the PHOLD schema with overrides") {
  const auto schema = io_test::phold_schema();
  const auto original = io_test::load(schema, io_test::phold_file(),
                                      {{"simulation.engine", "optimistic"},
                                       {"kernel.optimism_window", "2.5"},
                                       {"phold.remote_fraction", "1"}});
  const auto reloaded = io::load_config_string(schema, original.effective_toml(), "e.toml", {});
  check_same_values(original, reloaded);
  CHECK(reloaded.hash() == original.hash());
}

TEST_CASE("the hash changes with any value and is stable") {
  const auto schema = io_test::toy_schema();
  const auto a = io_test::load(schema, "[run]\ncount = 3\n");
  const auto b = io_test::load(schema, "[run]\ncount = 4\n");
  const auto c = io_test::load(schema, "run.count = 3  # same value, other spelling\n");
  CHECK(a.hash() != b.hash());
  CHECK(a.hash() == c.hash());
}

TEST_CASE("the hash is FNV-1a 64 of the effective TOML, the same on every platform") {
  io::Schema schema;
  schema.add_int("x", 1);  // a top-level key: the effective TOML is "x = 1\n"
  const auto config = io_test::load(schema, "");
  REQUIRE(config.effective_toml() == "x = 1\n");
  CHECK(config.hash() == 8692491635454630483ULL);
}

TEST_CASE("float_to_toml always reads back as the same float") {
  CHECK(io::float_to_toml(1.0) == "1.0");
  CHECK(io::float_to_toml(-0.0) == "-0.0");
  CHECK(io::float_to_toml(0.1) == "0.1");
  CHECK(io::float_to_toml(1e22) == "1e+22");
  CHECK(io::float_to_toml(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(io::float_to_toml(-std::numeric_limits<double>::infinity()) == "-inf");
  CHECK(io::string_to_toml("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\u0001\"");
}
