// SPDX-License-Identifier: Apache-2.0
//
// RunReport: what a finished run tells its user — the summary table on stdout and, on request,
// the same figures as JSON for scripts and tests (--stats-json).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "models/figure.hpp"
#include "pdes/kernel_config.hpp"
#include "pdes/statistics.hpp"

namespace app {

struct RunReport {
  std::string run_name;
  std::string config_file;
  std::string model;
  std::string time_unit;
  std::int64_t ticks_per_unit = 1;
  pdes::KernelConfig kernel;
  std::string optimism_window_origin;  ///< BuiltRun::optimism_window_origin
  std::string lookahead_origin;        ///< BuiltRun::lookahead_origin
  std::string partitioner;
  std::uint64_t edge_cut = 0;  ///< weight of the partition graph's edges between ranks
  double load_imbalance = 1.0;  ///< heaviest rank's LP weight over the mean (1: balanced)
  std::string rank_partition;   ///< LPs and LP weight per rank (app/partition_setup.hpp)
  std::string output_file;      ///< the HDF5 results file written, if any
  std::uint64_t config_hash = 0;
  pdes::RunResult result;
  std::vector<models::Figure> model_rows;
};

/// The human-readable summary table.
std::string format_summary(const RunReport& report);

/// The figures as a JSON document (engine statistics in total and per rank, termination).
std::string format_stats_json(const RunReport& report);

/// Writes `text` to `path` atomically (temporary file, then rename). Throws on failure.
void write_file_atomically(const std::string& path, const std::string& text);

/// The digest as printed everywhere: 0x followed by 16 hex digits.
std::string format_digest(std::uint64_t digest);

}  // namespace app
