// SPDX-License-Identifier: Apache-2.0
#include "io/results/internal/result_set_codec.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "pdes/error.hpp"
#include "tests/io/sample_results.hpp"

TEST_CASE("a ResultSet survives encoding and decoding") {
  io::ResultSet s = io_test::sample_part(1, 3);
  // Strings of every length modulo 8, and special doubles.
  for (int n = 0; n < 9; ++n) {
    std::string name = "s";  // appended, not "s" + ...: GCC 12 warns falsely on the latter
    name += std::to_string(n);
    s.attributes[name] = std::string(static_cast<std::size_t>(n), 'x');
  }
  s.attributes["nan"] = std::numeric_limits<double>::quiet_NaN();
  s.attributes["negative"] = std::int64_t{-5};
  const io::ResultSet back =
      io::internal::decode_result_set(io::internal::encode_result_set(s));
  REQUIRE(back.tables.size() == s.tables.size());
  for (std::size_t i = 0; i < s.tables.size(); ++i) {
    CHECK(back.tables[i].same_schema(s.tables[i]));
    CHECK(back.tables[i].cells() == s.tables[i].cells());
  }
  CHECK(back.attribute_units == s.attribute_units);
  CHECK(std::isnan(std::get<double>(back.attributes.at("nan"))));
  s.attributes.erase("nan");
  auto without_nan = back.attributes;
  without_nan.erase("nan");
  CHECK(without_nan == s.attributes);
}

TEST_CASE("a truncated encoding is an error, not a crash") {
  const std::vector<std::uint64_t> words =
      io::internal::encode_result_set(io_test::sample_part(0, 2));
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, words.size() / 2, words.size() - 1}) {
    CAPTURE(n);
    CHECK_THROWS_AS(io::internal::decode_result_set(std::span(words).first(n)),
                    pdes::InvariantError);
  }
  std::vector<std::uint64_t> longer = words;
  longer.push_back(0);
  CHECK_THROWS_AS(io::internal::decode_result_set(longer), pdes::InvariantError);
}
