// SPDX-License-Identifier: Apache-2.0
//
// warpnet: the command-line interface.
//   warpnet run FILE [--set key=value]... [--engine NAME] [--stats-json PATH] [--progress]
//               [--checkpoint-dir DIR [--checkpoint-every S]] [--restart DIR]
//   warpnet validate FILE [--set key=value]...
//   warpnet sweep FILE --set key=lo:hi:step|v1,v2... [--jobs N] [--output-dir DIR] [--saturation]
//                 [--list-points | --point I | --write-index]
//   warpnet config --explain | --effective FILE [--set key=value]...
//   warpnet --version
#include <CLI/CLI.hpp>

#include <cstdio>

#include "app/commands.hpp"
#include "app/exit_codes.hpp"
#include "app/sweep_command.hpp"
#include "app/version.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"warpnet: parallel optimistic simulator of HPC interconnection networks"};
  cli.require_subcommand(0, 1);
  cli.set_version_flag("--version",
                      "warpnet " + app::version_string() + "\n" + app::build_info());

  app::RunOptions options;
  auto add_config_options = [&options](CLI::App* command) {
    command->add_option("FILE", options.config_file, "experiment configuration (TOML)")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("--set", options.overrides,
                        "override a configuration key, e.g. --set phold.lps=2048 (repeatable)");
    command->add_option("--engine", options.engine,
                        "sequential, optimistic or rollback-check (same as --set "
                        "simulation.engine=NAME)");
  };

  CLI::App* run = cli.add_subcommand("run", "run an experiment and print its summary");
  add_config_options(run);
  run->add_flag("--progress", options.progress, "show the progress line even when stderr is not a terminal");
  run->add_flag("--no-progress", options.no_progress, "never show the progress line");
  run->add_option("--stats-json", options.stats_json, "also write the run's statistics as JSON to this file");
  run->add_option("--output,-o", options.output,
                  "results file (HDF5; default: <simulation.name>.h5 in the current directory)");
  run->add_flag("--force", options.force, "replace the results file if it exists");
  run->add_flag("--no-output", options.no_output, "write no results file (summary only)");
  CLI::Option* checkpoint_dir = run->add_option(
      "--checkpoint-dir", options.checkpoint_dir,
      "write checkpoints to DIR: every --checkpoint-every seconds, and on SIGTERM/SIGUSR1 "
      "(then exit 75; docs/checkpoint-restart.md)");
  run->add_option("--checkpoint-every", options.checkpoint_every,
                  "seconds of wall time between two checkpoints (default: only on signals)")
      ->check(CLI::PositiveNumber)
      ->needs(checkpoint_dir);
  run->add_option("--checkpoint-stop-after", options.checkpoint_stop_after,
                  "stop (exit 75) after writing this many checkpoints")
      ->check(CLI::PositiveNumber)
      ->needs(checkpoint_dir);
  run->add_option("--restart", options.restart,
                  "resume the run from the checkpoint in DIR (same configuration, engine, "
                  "ranks and warpnet version)");

  CLI::App* validate = cli.add_subcommand("validate", "check a configuration without running it");
  add_config_options(validate);

  CLI::App* sweep = cli.add_subcommand("sweep", "run a configuration over swept keys, in parallel");
  app::SweepOptions sweep_options;
  sweep->add_option("FILE", sweep_options.config_file, "experiment configuration (TOML)")
      ->required()
      ->check(CLI::ExistingFile);
  sweep->add_option("--set", sweep_options.settings,
                    "key=lo:hi:step or key=v1,v2,... sweeps the key; key=value fixes it "
                    "(repeatable; several swept keys give every combination)");
  sweep->add_option("--engine", sweep_options.engine, "the engine of every point");
  sweep->add_option("--jobs,-j", sweep_options.jobs, "points run at once (default: the cores)")
      ->check(CLI::PositiveNumber);
  sweep->add_option("--output-dir,-o", sweep_options.output_dir,
                    "directory of the results files and index.csv (default: <simulation.name>-sweep)");
  sweep->add_flag("--force", sweep_options.force, "use the directory even if it is not empty");
  CLI::Option* saturation =
      sweep->add_flag("--saturation", sweep_options.saturation,
                      "then search the saturation point of traffic.load (or the one swept key)");
  sweep->add_option("--tolerance", sweep_options.tolerance,
                    "width of the saturation bracket to reach (default 0.005)")
      ->check(CLI::PositiveNumber)
      ->needs(saturation);
  // One point at a time, for a job array (docs/cluster.md): the same points, numbers and files.
  CLI::Option* list_points = sweep->add_flag(
      "--list-points", sweep_options.list_points,
      "print the points (number, results file, settings; tab-separated), run nothing");
  CLI::Option* one_point = sweep->add_option(
      "--point", sweep_options.point,
      "run only point I (0-based, as --list-points numbers them) into the sweep directory");
  CLI::Option* write_index = sweep->add_flag(
      "--write-index", sweep_options.write_index,
      "write index.csv for the points whose results file is in the sweep directory");
  list_points->excludes(one_point)->excludes(write_index)->excludes(saturation);
  one_point->excludes(write_index)->excludes(saturation);
  write_index->excludes(saturation);

  CLI::App* config = cli.add_subcommand("config", "describe the configuration keys");
  bool explain = false;
  std::string effective_file;
  config->add_flag("--explain", explain, "print every key: type, default, unit, allowed values");
  config->add_option("--effective", effective_file, "print the effective configuration of FILE (defaults filled in)")
      ->check(CLI::ExistingFile);
  config->add_option("--set", options.overrides, "override a key (with --effective)");

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = cli.exit(e);
    return code == 0 ? app::kExitOk : app::kExitBadInput;
  }

  if (*run) return app::run_command(options);
  if (*validate) return app::validate_command(options);
  if (*sweep) return app::sweep_command(sweep_options);
  if (*config) {
    if (!effective_file.empty()) {
      options.config_file = effective_file;
      return app::effective_config_command(options);
    }
    if (explain) return app::explain_command();
    std::fputs(config->help().c_str(), stdout);
    return app::kExitBadInput;
  }
  std::fputs(cli.help().c_str(), stdout);
  return app::kExitBadInput;
}
