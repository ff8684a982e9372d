// SPDX-License-Identifier: Apache-2.0
// Unit tests of a sweep's outcomes: figures from --stats-json, the table and index.csv
// (app/sweep_table.hpp, app/sweep_index.hpp).
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "app/sweep_index.hpp"
#include "app/sweep_table.hpp"

namespace {

// The figures object a network run writes (models/figure.hpp); the printed texts are not read.
const char* const kNetworkStats = R"json({
  "model": "network",
  "model_summary": {"offered load": "9.9 (not read)"},
  "figures": {
    "network": {"label": "network", "value": null, "unit": "", "text": "mesh 8x8"},
    "offered_load": {"label": "offered load", "value": 0.30123, "unit": "flits/node/cycle",
                     "text": "0.3012 flits/node/cycle"},
    "accepted_load": {"label": "accepted load", "value": 0.2987, "unit": "flits/node/cycle",
                      "text": "0.2987 flits/node/cycle"},
    "latency": {"label": "latency", "value": 34.51, "unit": "cycles", "text": "34.51 cycles"},
    "saturated": {"label": "saturation", "value": 0, "unit": "", "text": "no (...)"}
  }
})json";

app::PointOutcome outcome(std::size_t index, const std::string& value, bool ok) {
  app::PointOutcome o;
  o.index = index;
  o.file = "run-000" + std::to_string(index) + ".h5";
  o.point = {{"network.dims", value}};
  if (!ok) {
    o.exit_code = 2;
    o.error = "warpnet: configuration error";
  } else {
    o.figures = app::figures_from_stats_json(kNetworkStats);
  }
  return o;
}

}  // namespace

TEST_CASE("figures are read as numbers from the network model's figures, by key") {
  const app::PointFigures f = app::figures_from_stats_json(kNetworkStats);
  CHECK(*f.offered == 0.30123);  // the number itself, not its printed form
  CHECK(*f.accepted == doctest::Approx(0.2987));
  CHECK(*f.latency == doctest::Approx(34.51));
  CHECK(f.saturated == false);
  CHECK(f.load_unit == "flits/node/cycle");
  CHECK(f.latency_unit == "cycles");
}

TEST_CASE("missing or undecided figures stay empty") {
  const app::PointFigures phold = app::figures_from_stats_json(R"json({"model": "phold"})json");
  CHECK_FALSE(phold.offered);
  CHECK_FALSE(phold.saturated);
  const app::PointFigures unknown = app::figures_from_stats_json(
      R"json({"figures": {"latency": {"value": null, "unit": "cycles"},
                          "saturated": {"value": null, "unit": ""}}})json");
  CHECK_FALSE(unknown.latency);
  CHECK(unknown.latency_unit == "cycles");
  CHECK_FALSE(unknown.saturated);
  CHECK(app::figures_from_stats_json(R"json({"figures": {"saturated": {"value": 1}}})json")
            .saturated == true);
  CHECK_THROWS_AS(app::figures_from_stats_json("not json"), std::runtime_error);
}

TEST_CASE("the table has one row per point; a failed point says so") {
  const std::string table = app::format_sweep_table(
      {"network.dims"}, {outcome(0, "[4, 4]", true), outcome(1, "[8, 8]", false)});
  CHECK(table.find("point  network.dims  offered (flits/node/cycle)") != std::string::npos);
  CHECK(table.find("0      [4, 4]        0.3012") != std::string::npos);
  CHECK(table.find("34.51") != std::string::npos);
  CHECK(table.find("no\n") != std::string::npos);
  CHECK(table.find("1      [8, 8]        failed (exit 2)\n") != std::string::npos);
}

TEST_CASE("index.csv lists the successful points, cells quoted as RFC 4180 says") {
  const std::string csv = app::format_sweep_index(
      {"network.dims"},
      {outcome(0, "[4, 4]", true), outcome(1, "[8, 8]", false), outcome(2, "say \"hi\"", true)});
  CHECK(csv ==
        "file,network.dims\n"
        "run-0000.h5,\"[4, 4]\"\n"
        "run-0002.h5,\"say \"\"hi\"\"\"\n");
  CHECK(app::format_sweep_index({"traffic.load"}, {}) == "file,traffic.load\n");
}
