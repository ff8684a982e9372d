// SPDX-License-Identifier: Apache-2.0
#include "pdes/registry.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <string>

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

using ShapeRegistry = pdes::FactoryRegistry<Shape, int>;

ShapeRegistry make_registry() {
  ShapeRegistry r("shapes.kind", "shape");
  r.add("polygon", "n sides", [](int n) { return std::make_unique<Polygon>(n); });
  r.add("triangle", "three sides", [](int) { return std::make_unique<Polygon>(3); });
  return r;
}

// A family whose entries carry data of their own instead of a factory.
struct Colour {
  std::string name;
  std::string description;
  int rgb = 0;
};

}  // namespace

TEST_CASE("FactoryRegistry creates entries by name") {
  const ShapeRegistry r = make_registry();
  CHECK(r.contains("polygon"));
  CHECK_FALSE(r.contains("circle"));
  CHECK(r.create("polygon", 5)->sides() == 5);
  CHECK(r.create("triangle", 9)->sides() == 3);
  CHECK(r.names() == std::vector<std::string>{"polygon", "triangle"});
  CHECK(r.entries()[1].description == "three sides");
  CHECK(r.key() == "shapes.kind");
  CHECK(r.family() == "shape");
}

TEST_CASE("Registry rejects unknown names, listing the valid ones") {
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

TEST_CASE("Registry refuses duplicate names, and entries without a name or description") {
  ShapeRegistry r = make_registry();
  const auto make = [](int n) { return std::make_unique<Polygon>(n); };
  CHECK_THROWS_AS(r.add("polygon", "again", make), pdes::InvariantError);
  CHECK_THROWS_AS(r.add("", "nameless", make), pdes::InvariantError);
  CHECK_THROWS_AS(r.add("square", "", make), pdes::InvariantError);
  CHECK(r.names().size() == 2);
}

TEST_CASE("Registry holds entries of any type with a name and a description") {
  pdes::Registry<Colour> colours("paint.colour", "colour");
  colours.add({"red", "warm", 0xff0000});
  colours.add({"blue", "cold", 0x0000ff});
  CHECK(colours.find("blue").rgb == 0x0000ff);
  CHECK(colours.joined_names() == "red, blue");
  CHECK_THROWS_AS(colours.find("green"), pdes::ConfigError);
}
