// SPDX-License-Identifier: Apache-2.0
// Unit tests of `warpnet sweep --list-points` / `--point I` (app/sweep_point_list.hpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/sweep_axes.hpp"
#include "app/sweep_point_list.hpp"
#include "pdes/error.hpp"

TEST_CASE("the point list numbers the points in sweep order, with the sweep's file names") {
  const app::SweepSpec spec = app::parse_sweep_settings({"a.x=1,2", "b.y=p,q", "c.z=5"});
  const std::string list = app::format_point_list("mesh", app::expand_points(spec.axes));
  CHECK(list ==
        "0\tmesh-0000.h5\ta.x=1 b.y=p\n"
        "1\tmesh-0001.h5\ta.x=1 b.y=q\n"
        "2\tmesh-0002.h5\ta.x=2 b.y=p\n"
        "3\tmesh-0003.h5\ta.x=2 b.y=q\n");
}

TEST_CASE("a point number must name an existing point") {
  CHECK(app::parse_point_index("0", 4) == 0);
  CHECK(app::parse_point_index("3", 4) == 3);
  CHECK(app::parse_point_index("007", 8) == 7);
  CHECK_THROWS_WITH_AS(app::parse_point_index("4", 4),
                       "--point: there is no point 4; this sweep has 4 points: 0 .. 3",
                       pdes::ConfigError);
  CHECK_THROWS_WITH_AS(app::parse_point_index("1", 1),
                       "--point: there is no point 1; this sweep has 1 point: 0",
                       pdes::ConfigError);
  for (const char* bad : {"-1", "", "1.5", "x", "2 ", "99999999999"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(app::parse_point_index(bad, 4), pdes::ConfigError);
  }
}
