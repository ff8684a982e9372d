// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/named_registry.hpp"

#include <doctest/doctest.h>

#include <memory>

namespace {

struct Shape {
  virtual ~Shape() = default;
  virtual int sides() const = 0;
};
struct Polygon : Shape {
  explicit Polygon(int n) : n_(n) {}
  int sides() const override { return n_; }
  int n_;
};

using ShapeRegistry = net::NamedRegistry<Shape, int>;

ShapeRegistry make_registry() {
  ShapeRegistry r("shapes.kind", "shape");
  r.add("polygon", "n sides", [](int n) { return std::make_unique<Polygon>(n); });
  r.add("triangle", "three sides", [](int) { return std::make_unique<Polygon>(3); });
  return r;
}

}  // namespace

TEST_CASE("NamedRegistry creates entries by name") {
  const ShapeRegistry r = make_registry();
  CHECK(r.contains("polygon"));
  CHECK_FALSE(r.contains("circle"));
  CHECK(r.create("polygon", 5)->sides() == 5);
  CHECK(r.create("triangle", 9)->sides() == 3);
  CHECK(r.names() == std::vector<std::string>{"polygon", "triangle"});
  CHECK(r.entries()[1].description == "three sides");
  CHECK(r.key() == "shapes.kind");
}

TEST_CASE("NamedRegistry rejects unknown names, listing the valid ones") {
  const ShapeRegistry r = make_registry();
  try {
    r.create("circle", 1);
    FAIL("expected a ConfigError");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "shapes.kind");
    CHECK(std::string(e.what()) ==
          "shapes.kind: unknown shape 'circle'; valid names: polygon, triangle");
  }
}

TEST_CASE("NamedRegistry refuses duplicate registration") {
  ShapeRegistry r = make_registry();
  CHECK_THROWS_AS(r.add("polygon", "again", [](int n) { return std::make_unique<Polygon>(n); }),
                  pdes::InvariantError);
}
