// SPDX-License-Identifier: Apache-2.0
//
// The outcome of each point of a sweep and the table `warpnet sweep` prints of them.
//
// A point's figures come from the `--stats-json` file of its `warpnet run`: the numbers of the
// network model's figures offered_load, accepted_load, latency and saturated (the "figures"
// object, models/figure.hpp; computed in models/network/metrics/network_results.cpp). Other
// models have none of them; their rows show "-".
//
//   point  traffic.load  offered  accepted  latency  saturated
//   0      0.1           0.1003   0.1003    23.41    no
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/sweep_axes.hpp"

namespace app {

struct PointFigures {
  std::optional<double> offered;   ///< offered load
  std::optional<double> accepted;  ///< accepted load
  std::optional<double> latency;   ///< mean packet latency
  std::optional<bool> saturated;   ///< nullopt: the run could not tell, or no network model
  std::string load_unit;           ///< e.g. "flits/node/cycle"
  std::string latency_unit;        ///< e.g. "cycles"
};

/// Reads the figures from a `--stats-json` document. Throws std::runtime_error when the text
/// is not such a document; a figure that is missing or has no number stays empty.
PointFigures figures_from_stats_json(const std::string& json_text);

struct PointOutcome {
  std::size_t index = 0;
  std::string file;  ///< results file name, relative to the sweep directory
  SweepPoint point;
  int exit_code = 0;  ///< of the child; 0 when it succeeded
  std::string error;  ///< why it failed: the tail of its stderr
  PointFigures figures;

  bool ok() const { return exit_code == 0 && error.empty(); }
};

/// The table, one row per outcome in the given order, columns: point, the swept keys, offered,
/// accepted, latency, saturated. A failed point shows "failed (exit N)".
std::string format_sweep_table(const std::vector<std::string>& keys,
                               const std::vector<PointOutcome>& outcomes);

}  // namespace app
