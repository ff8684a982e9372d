// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/cartesian_shape.hpp"

#include <doctest/doctest.h>

#include "pdes/error.hpp"

using net::CartesianShape;

TEST_CASE("CartesianShape numbers ids with dimension 0 fastest") {
  const CartesianShape shape({4, 3, 2});
  CHECK(shape.num_dims() == 3);
  CHECK(shape.size() == 24);
  CHECK(shape.stride(0) == 1);
  CHECK(shape.stride(1) == 4);
  CHECK(shape.stride(2) == 12);
  CHECK(shape.to_string() == "4x3x2");
  // id = x + 4 y + 12 z
  CHECK(shape.coordinates(0) == std::vector<std::uint32_t>{0, 0, 0});
  CHECK(shape.coordinates(1) == std::vector<std::uint32_t>{1, 0, 0});
  CHECK(shape.coordinates(4) == std::vector<std::uint32_t>{0, 1, 0});
  CHECK(shape.coordinates(23) == std::vector<std::uint32_t>{3, 2, 1});
  CHECK(shape.coordinate(17, 0) == 1);
  CHECK(shape.coordinate(17, 1) == 1);
  CHECK(shape.coordinate(17, 2) == 1);
}

TEST_CASE("CartesianShape coordinates round-trip") {
  const CartesianShape shape({5, 3, 4});
  for (std::uint64_t id = 0; id < shape.size(); ++id) {
    const auto c = shape.coordinates(id);
    CHECK(shape.id(c) == id);
    for (std::size_t d = 0; d < shape.num_dims(); ++d) {
      for (std::uint32_t v = 0; v < shape.radix(d); ++v) {
        auto moved = c;
        moved[d] = v;
        CHECK(shape.with_coordinate(id, d, v) == shape.id(moved));
      }
    }
  }
}

TEST_CASE("CartesianShape rejects misuse") {
  SUBCASE("no dimensions") { CHECK_THROWS_AS(CartesianShape({}), pdes::InvariantError); }
  SUBCASE("radix 0") { CHECK_THROWS_AS(CartesianShape({4, 0}), pdes::InvariantError); }
  SUBCASE("wrong coordinate count") {
    const CartesianShape shape({4, 4});
    const std::vector<std::uint32_t> c{1};
    CHECK_THROWS_AS(shape.id(c), pdes::InvariantError);
  }
  SUBCASE("coordinate out of range") {
    const CartesianShape shape({4, 4});
    const std::vector<std::uint32_t> c{1, 4};
    CHECK_THROWS_AS(shape.id(c), pdes::InvariantError);
  }
}
