// SPDX-License-Identifier: Apache-2.0
//
// `warpnet sweep`: many runs of one configuration over swept keys, in parallel processes,
// into one directory of results files with an index.csv (docs/sweep.md).
//
//   warpnet sweep examples/mesh8x8.toml --set traffic.load=0.05:0.5:0.05 --jobs 2
//   warpnet sweep examples/mesh8x8.toml --set traffic.load=0.1:0.6:0.1 --saturation
//
// For a job array (docs/cluster.md) the same sweep runs one point per task:
//   warpnet sweep FILE --set ... --list-points      # the points: number, file, settings
//   warpnet sweep FILE --set ... --point 3          # point 3 only, into the same directory
//   warpnet sweep FILE --set ... --write-index      # index.csv of the points' files present
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace app {

struct SweepOptions {
  std::string config_file;
  std::vector<std::string> settings;  ///< --set: swept (`a:b:step`, `v1,v2`) or fixed
  std::string engine;                 ///< --engine, passed on to every point
  std::size_t jobs = 0;               ///< --jobs; 0: the number of cores
  std::string output_dir;             ///< --output-dir (default: <simulation.name>-sweep)
  bool force = false;                 ///< --force: use a directory that is not empty
  bool saturation = false;            ///< --saturation: search the saturation point
  double tolerance = 0.005;           ///< --tolerance: width of the final bracket
  bool list_points = false;           ///< --list-points: print the points, run nothing
  std::string point;                  ///< --point I: run point I only (empty: every point)
  bool write_index = false;           ///< --write-index: index.csv from the files present
};

/// Exit codes: 0; 1 when a point failed (or saturation could not be told; with --write-index,
/// when a point's file is missing); 2 for bad input (a --point that does not exist included),
/// found before anything runs or is created; 128 + signal after SIGINT/SIGTERM.
int sweep_command(const SweepOptions& options);

}  // namespace app
