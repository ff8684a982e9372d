// SPDX-License-Identifier: Apache-2.0
//
// index.csv of a sweep directory: which results files belong to the sweep and the value of
// each swept key in each (format: analysis/README.md, "The sweep index"; read by
// warpnet_analysis.load_runs).
//
//   file,traffic.load
//   mesh-0000.h5,0.1
//   mesh-0001.h5,0.2
//
// Only points that succeeded are listed, in point order. The index is written once, at the
// end, under a temporary name renamed into place, so a directory with an index.csv is a
// finished sweep.
#pragma once

#include <string>
#include <vector>

#include "app/sweep_table.hpp"

namespace app {

inline constexpr const char* kSweepIndexName = "index.csv";

/// The CSV text: header `file,<keys>`, one row per successful outcome (RFC 4180 quoting).
std::string format_sweep_index(const std::vector<std::string>& keys,
                               const std::vector<PointOutcome>& outcomes);

/// Writes `directory/index.csv` atomically. Throws std::runtime_error on failure.
void write_sweep_index(const std::string& directory, const std::vector<std::string>& keys,
                       const std::vector<PointOutcome>& outcomes);

}  // namespace app
