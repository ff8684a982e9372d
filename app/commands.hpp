// SPDX-License-Identifier: Apache-2.0
//
// The subcommands of the warpnet CLI. Each returns the process exit code (exit_codes.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace app {

struct RunOptions {
  std::string config_file;
  std::vector<std::string> overrides;  ///< "key=value" from --set
  std::string engine;                  ///< --engine, shorthand for --set simulation.engine=...
  bool progress = false;               ///< --progress: show the progress line even off a terminal
  bool no_progress = false;            ///< --no-progress
  std::string stats_json;              ///< --stats-json PATH
  std::string output;                  ///< --output PATH (default: <simulation.name>.h5)
  bool force = false;                  ///< --force: replace an existing output file
  bool no_output = false;              ///< --no-output: write no HDF5 file
  std::string checkpoint_dir;          ///< --checkpoint-dir DIR (docs/checkpoint-restart.md)
  double checkpoint_every = 0;         ///< --checkpoint-every SECONDS (0: only on signals)
  std::uint64_t checkpoint_stop_after = 0;  ///< --checkpoint-stop-after N (0: no limit)
  std::string restart;                 ///< --restart DIR
};

int run_command(const RunOptions& options);
int validate_command(const RunOptions& options);
int explain_command();
int effective_config_command(const RunOptions& options);

}  // namespace app
