// SPDX-License-Identifier: Apache-2.0
//
// PointRunner: runs sweep points as `warpnet run` child processes and collects their outcomes.
//
// Point i runs as
//   <this executable> run FILE --set <fixed>... --set <point>... [--engine E]
//       --output DIR/<name>-<iiii>.h5 --force --stats-json DIR/.<name>-<iiii>.stats.json
//       --no-progress
// so its results file is exactly the one `warpnet run` writes. Its stdout is discarded (the
// figures come from the statistics file), its stderr goes to a hidden file whose tail is
// reported when it fails; both hidden files are removed afterwards. Points are numbered in
// the order they are run, across calls, so grid and bisection points share one numbering.
//
// On SIGINT/SIGTERM run() stops every child, removes their unfinished files and returns early;
// interrupted_by() then names the signal.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/sweep_axes.hpp"
#include "app/sweep_process_pool.hpp"
#include "app/sweep_table.hpp"

namespace app {

struct PointCommand {
  std::string executable;  ///< the warpnet binary (this process's own)
  std::string config_file;
  std::vector<std::string> fixed;  ///< `key=value` overrides of every point
  std::string engine;              ///< --engine, or empty
  std::string directory;           ///< the sweep directory
  std::string name;                ///< file name stem: <name>-<index>.h5
};

/// The results file name of point `index`: `<name>-<iiii>.h5` (four digits at least).
std::string point_file_name(const std::string& name, std::size_t index);

class PointRunner {
 public:
  /// Points are numbered from `first_index` (a job array task runs one point, its own number).
  PointRunner(PointCommand command, std::size_t jobs, std::size_t first_index = 0);

  /// Runs the points (at most `jobs` at a time) and returns their outcomes in the order given;
  /// fewer after an interruption. Reports each finished point on stderr.
  std::vector<PointOutcome> run(const std::vector<SweepPoint>& points);

  int interrupted_by() const { return pool_.interrupted_by(); }

  /// The argv of point `index` (for tests and messages).
  std::vector<std::string> child_argv(std::size_t index, const SweepPoint& point) const;

 private:
  std::string hidden_path(const std::string& file, const char* suffix) const;
  void finish(PointOutcome& outcome, const ChildExit& exit) const;
  void clean_up_interrupted(const std::vector<PointOutcome>& outcomes,
                            const std::vector<pid_t>& pids) const;

  PointCommand command_;
  ProcessPool pool_;
  std::size_t next_index_ = 0;
};

}  // namespace app
