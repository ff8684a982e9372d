// SPDX-License-Identifier: Apache-2.0
// Unit tests of the sweep's --set parsing (app/sweep_axes.hpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/sweep_axes.hpp"
#include "io/config/config_errors.hpp"

using app::expand_points;
using app::parse_sweep_settings;
using app::Setting;
using app::SweepSpec;
using Strings = std::vector<std::string>;

namespace {

/// The message of the ConfigErrors that parse_sweep_settings throws for `arguments`.
std::string error_of(const Strings& arguments) {
  try {
    parse_sweep_settings(arguments);
  } catch (const io::ConfigErrors& e) {
    return e.what();
  }
  FAIL("no error for " << arguments.front());
  return {};
}

}  // namespace

TEST_CASE("a range lo:hi:step includes hi and prints short numbers") {
  const SweepSpec spec = parse_sweep_settings({"traffic.load=0.05:0.5:0.05"});
  REQUIRE(spec.axes.size() == 1);
  CHECK(spec.fixed.empty());
  const app::SweepAxis& axis = spec.axes[0];
  CHECK(axis.key == "traffic.load");
  CHECK(axis.argument == "traffic.load=0.05:0.5:0.05");
  CHECK(axis.values ==
        Strings{"0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35", "0.4", "0.45", "0.5"});
  CHECK(axis.numeric);
  CHECK_FALSE(axis.integral);
}

TEST_CASE("a range whose step does not reach hi stops below it; lo == hi is one point") {
  CHECK(parse_sweep_settings({"a.b=1:10:4"}).axes[0].values == Strings{"1", "5", "9"});
  CHECK(parse_sweep_settings({"a.b=0.3:0.3:0.1"}).axes[0].values == Strings{"0.3"});
  CHECK(parse_sweep_settings({"a.b=-1:1:1"}).axes[0].values == Strings{"-1", "0", "1"});
  CHECK(parse_sweep_settings({"a.b=1:3:1"}).axes[0].integral);
}

TEST_CASE("a comma list is swept; commas inside brackets and quotes are not separators") {
  const SweepSpec spec =
      parse_sweep_settings({"network.topology=mesh, torus", "network.dims=[4,4],[8,8]",
                            "router.vcs=2", "network.dims2=[8,8]", "simulation.name=\"a,b:c\""});
  REQUIRE(spec.axes.size() == 2);
  CHECK(spec.axes[0].values == Strings{"mesh", "torus"});
  CHECK_FALSE(spec.axes[0].numeric);
  CHECK(spec.axes[1].values == Strings{"[4,4]", "[8,8]"});
  CHECK(spec.fixed == Strings{"router.vcs=2", "network.dims2=[8,8]", "simulation.name=\"a,b:c\""});
}

TEST_CASE("several axes give the cartesian product, the first axis slowest") {
  const SweepSpec spec = parse_sweep_settings({"a.x=1,2", "b.y=p,q,r"});
  const std::vector<app::SweepPoint> points = expand_points(spec.axes);
  REQUIRE(points.size() == 6);
  CHECK(points[0] == app::SweepPoint{Setting{"a.x", "1"}, Setting{"b.y", "p"}});
  CHECK(points[1] == app::SweepPoint{Setting{"a.x", "1"}, Setting{"b.y", "q"}});
  CHECK(points[3] == app::SweepPoint{Setting{"a.x", "2"}, Setting{"b.y", "p"}});
  CHECK(points[5] == app::SweepPoint{Setting{"a.x", "2"}, Setting{"b.y", "r"}});
  CHECK(expand_points({}).size() == 1);
}

TEST_CASE("malformed arguments are errors that name the --set argument") {
  SUBCASE("step 0") {
    CHECK(error_of({"traffic.load=0.1:0.5:0"}) ==
          "--set traffic.load=0.1:0.5:0: traffic.load: range step 0 must be > 0");
  }
  SUBCASE("negative step") {
    CHECK(error_of({"traffic.load=0.1:0.5:-0.1"}).find("step -0.1 must be > 0") !=
          std::string::npos);
  }
  SUBCASE("lo above hi") {
    CHECK(error_of({"traffic.load=0.5:0.1:0.1"}) ==
          "--set traffic.load=0.5:0.1:0.1: traffic.load: range lo 0.5 is above hi 0.1");
  }
  SUBCASE("a non-numeric bound") {
    CHECK(error_of({"traffic.load=0.1:high:0.1"}) ==
          "--set traffic.load=0.1:high:0.1: traffic.load: range hi 'high' is not a number");
  }
  SUBCASE("two parts") {
    CHECK(error_of({"traffic.load=0.1:0.5"}).find("a range is lo:hi:step") != std::string::npos);
  }
  SUBCASE("an empty list item") {
    CHECK(error_of({"traffic.load=0.1,,0.3"}).find("a list item is empty") != std::string::npos);
  }
  SUBCASE("no =") { CHECK(error_of({"traffic.load"}).find("traffic.load") != std::string::npos); }
  SUBCASE("a key swept twice") {
    CHECK(error_of({"a.b=1,2", "a.b=3,4"}).find("already swept") != std::string::npos);
  }
  SUBCASE("a key swept and fixed") {
    CHECK(error_of({"a.b=1,2", "a.b=3"}).find("also set to one value") != std::string::npos);
  }
  SUBCASE("too many points") {
    CHECK(error_of({"a.b=0:1:1e-9"}).find("more than") != std::string::npos);
  }
  SUBCASE("every problem at once") {
    const std::string message = error_of({"a.b=1:0:1", "c.d=1:2:0"});
    CHECK(message.find("--set a.b=1:0:1") != std::string::npos);
    CHECK(message.find("--set c.d=1:2:0") != std::string::npos);
  }
}

TEST_CASE("sweep numbers: 12 significant digits, whole text parsed") {
  CHECK(app::format_sweep_number(0.1 + 2 * 0.05) == "0.2");
  CHECK(app::format_sweep_number(3.0) == "3");
  CHECK(app::format_sweep_number(-0.0) == "0");
  double value = 0;
  CHECK(app::parse_sweep_number("1e-3", value));
  CHECK(value == doctest::Approx(0.001));
  CHECK_FALSE(app::parse_sweep_number("0.1x", value));
  CHECK_FALSE(app::parse_sweep_number("", value));
  CHECK_FALSE(app::parse_sweep_number("nan", value));
}
