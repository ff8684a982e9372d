// SPDX-License-Identifier: Apache-2.0
#include "app/commands.hpp"

#include <mpi.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <utility>

#include "app/checkpoint_control.hpp"
#include "app/exit_codes.hpp"
#include "app/collective_errors.hpp"
#include "app/mpi_session.hpp"
#include "app/partition_setup.hpp"
#include "app/progress_line.hpp"
#include "app/run_report.hpp"
#include "app/setup.hpp"
#include "app/test_fault.hpp"
#include "app/version.hpp"
#include "io/checkpoint/checkpoint_directory.hpp"
#include "io/hdf5/output_path.hpp"
#include "io/hdf5/write_results.hpp"
#include "io/results/distribute.hpp"
#include "io/results/distributed_tables.hpp"

namespace app {

namespace {

std::vector<std::string> all_overrides(const RunOptions& options) {
  std::vector<std::string> overrides = options.overrides;
  if (!options.engine.empty()) overrides.push_back("simulation.engine=" + options.engine);
  return overrides;
}

/// Checks, before anything runs, that the --stats-json file can be created, so that a long
/// run does not fail at its very end.
void check_writable(const std::string& path) {
  if (path.empty()) return;
  const std::filesystem::path p(path);
  const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
  if (!std::filesystem::is_directory(dir) || access(dir.c_str(), W_OK) != 0) {
    throw pdes::ConfigError("--stats-json", "cannot write '" + path + "': directory '" +
                                                dir.string() +
                                                "' does not exist or is not writable");
  }
}

/// The checkpoint control of the run, or nullptr when it neither writes nor resumes
/// checkpoints. Collective; throws pdes::ConfigError for a checkpoint that cannot resume it.
std::unique_ptr<CheckpointControl> make_checkpoint_control(const RunOptions& options,
                                                           const LoadedConfig& loaded,
                                                           const pdes::KernelConfig& kernel,
                                                           int ranks, ProgressLine* progress) {
  if (options.checkpoint_dir.empty() && options.restart.empty()) return nullptr;
  if (!options.checkpoint_dir.empty() && options.restart.empty() && !options.force &&
      io::CheckpointDirectory(options.checkpoint_dir, MPI_COMM_WORLD).has_manifest()) {
    throw pdes::ConfigError("--checkpoint-dir",
                            "'" + options.checkpoint_dir +
                                "' already holds a checkpoint; resume it with --restart " +
                                options.checkpoint_dir + ", or add --force to start over");
  }
  // The git revision too: images are binary dumps of this build's data structures.
  const io::CheckpointIdentity identity{version_number() + " (git " + git_revision() + ")",
                                        loaded.config.hash(),
                                        std::string(pdes::to_string(kernel.engine)), ranks};
  const CheckpointOptions checkpoint_options{options.checkpoint_dir, options.checkpoint_every,
                                             options.checkpoint_stop_after, options.restart};
  auto control = std::make_unique<CheckpointControl>(
      checkpoint_options, identity, MPI_COMM_WORLD, loaded.model->ticks_per_time_unit,
      loaded.model->time_unit, progress);
  if (control->resumed() && launcher_rank() == 0) {
    const io::CheckpointManifest& m = *control->resumed();
    std::fprintf(stderr, "warpnet: resuming from checkpoint %llu in %s (%llu events committed)\n",
                 static_cast<unsigned long long>(m.generation), options.restart.c_str(),
                 static_cast<unsigned long long>(m.events_committed));
  }
  return control;
}

int run_loaded(const RunOptions& options, const Setup& setup, const LoadedConfig& loaded,
               const MpiSession& mpi) {
  const models::ModelEntry& entry = *loaded.model;
  const std::optional<TestFault> fault = TestFault::from_environment();
  // The run in steps, each ended by agree_on_errors: an error on any process, in any step,
  // ends every process at the end of that step (collective_errors.hpp). A step never starts a
  // collective after a point where it may throw on one process only.
  const bool agree = mpi.active();
  BuiltRun built;
  std::string output;
  std::optional<pdes::Simulation> sim_slot;
  pdes::PartitionGraph graph;
  // Local work: the model, the kernel configuration, the output paths, the LP count.
  agree_on_errors(agree, MPI_COMM_WORLD, [&] {
    built = setup.build(loaded);
    check_writable(options.stats_json);
    output = options.no_output ? std::string()
             : !options.output.empty() ? options.output
                                       : loaded.config.get_string("simulation.name") + ".h5";
    // Before the run: a long run must not fail at its end over an unwritable path.
    if (!output.empty()) io::check_output_path(output, options.force);
    sim_slot.emplace(built.kernel);
    graph = built.model->partition_graph();
    sim_slot->set_lp_count(graph.num_lps);
  });
  const std::unique_ptr<models::Model>& model = built.model;
  const pdes::KernelConfig& kernel = built.kernel;
  pdes::Simulation& sim = *sim_slot;

  const bool show_progress =
      mpi.rank() == 0 && !options.no_progress && (options.progress || isatty(STDERR_FILENO) != 0);
  ProgressLine progress(entry.ticks_per_time_unit, entry.time_unit);
  if (show_progress) sim.set_progress_observer(&progress);
  // Before the model is built: a checkpoint that cannot resume this run is refused at once.
  // (Collective, and alike on every process.)
  std::unique_ptr<CheckpointControl> checkpoints;
  agree_on_errors(agree, MPI_COMM_WORLD, [&] {
    checkpoints = make_checkpoint_control(options, loaded, kernel, sim.num_ranks(),
                                          show_progress ? &progress : nullptr);
  });
  if (checkpoints) sim.set_checkpointer(checkpoints.get());

  ChosenPartition chosen;
  agree_on_errors(agree, MPI_COMM_WORLD, [&] {
    chosen = choose_partition(loaded.config, graph, sim.num_ranks(), MPI_COMM_WORLD);
  });
  // Local work again: each process reads the input of its own LPs only (a replay's trace
  // files) and builds them; a bad file that one process finds stops every process with exit 2,
  // before anything is written.
  std::unique_ptr<models::ModelResults> results;
  agree_on_errors(agree, MPI_COMM_WORLD, [&] {
    sim.set_partition(chosen.partition);
    model->load_local_input(sim.local_lps());
    model->add_lps(sim);
    results = model->make_results();
    sim.set_output_sink(results.get());
    sim.check_ready();
    if (fault) fault->raise_if(TestFault::Phase::setup, mpi.rank());
  });

  RunReport report;
  report.run_name = loaded.config.get_string("simulation.name");
  report.config_file = options.config_file;
  report.model = entry.name;
  report.time_unit = entry.time_unit;
  report.ticks_per_unit = entry.ticks_per_time_unit;
  report.kernel = kernel;
  report.optimism_window_origin = built.optimism_window_origin;
  report.lookahead_origin = built.lookahead_origin;
  report.partitioner = chosen.partitioner;
  report.edge_cut = chosen.edge_cut;
  report.load_imbalance = chosen.load_imbalance;
  report.rank_partition = describe_ranks(chosen);
  report.config_hash = loaded.config.hash();
  const auto start_time = std::chrono::system_clock::now();
  // The optimistic engine ends every rank with the same error when one rank's model fails
  // (pdes run_error.hpp); the LPs' on_finish and the model's local results run on one process.
  io::ResultSet local;
  agree_on_errors(agree, MPI_COMM_WORLD, [&] {
    report.result = sim.run();
    if (report.result.reason == pdes::TerminationReason::checkpointed) return;
    report.model_rows = model->summary(report.result);
    if (results) local = results->local_results(report.result);
    if (fault) fault->raise_if(TestFault::Phase::finish, mpi.rank());
  });
  const auto end_time = std::chrono::system_clock::now();
  if (report.result.reason == pdes::TerminationReason::checkpointed) {
    // Every rank stopped at the same checkpoint: no results yet, the resumed run writes them.
    return kExitCheckpointed;
  }

  // Every rank takes part: distributing, summarizing and writing are collective.
  // Every table is spread over the ranks once, each rank a contiguous run of its rows: the
  // summary reduces those slabs (io::DistributedTables) and the file is written from them. No
  // rank holds a whole table, for the summary or for the file.
  io::DistributedResults mine = io::distribute(std::move(local), MPI_COMM_WORLD);
  if (results) {
    std::vector<models::Figure> figures;
    {
      const io::DistributedTables tables(mine.slabs, MPI_COMM_WORLD);
      figures = results->summary(tables);
    }
    for (models::Figure& f : figures) {
      // The numbers go into the file too (/summary), so that readers need not recompute them.
      if (f.value && !f.key.empty()) {
        mine.slabs.attributes["summary/" + f.key] = *f.value;
        if (!f.unit.empty()) mine.slabs.attribute_units["summary/" + f.key] = f.unit;
      }
      report.model_rows.push_back(std::move(f));
    }
  }
  if (!output.empty()) {
    io::RunMetadata metadata;
    metadata.warpnet_version = version_number();
    metadata.git_revision = git_revision();
    metadata.config_toml = loaded.config.effective_toml();
    metadata.seed = kernel.seed;
    metadata.engine = std::string(pdes::to_string(kernel.engine));
    metadata.partitioner = chosen.partitioner;
    metadata.edge_cut = chosen.edge_cut;
    metadata.load_imbalance = chosen.load_imbalance;
    metadata.rank_of_lp = chosen.partition.rank_of_lp;
    metadata.vertex_weights = graph.vertex_weights;
    metadata.start_time = start_time;
    metadata.end_time = end_time;
    metadata.result = report.result;
    if (fault) fault->raise_if(TestFault::Phase::write, mpi.rank());
    io::write_results(output, mine, metadata, MPI_COMM_WORLD);
    report.output_file = output;
  }

  if (mpi.rank() == 0) {
    std::fputs(format_summary(report).c_str(), stdout);
    std::fflush(stdout);
    if (!options.stats_json.empty()) write_file_atomically(options.stats_json, format_stats_json(report));
  }
  return kExitOk;
}

/// Runs `body`, turning exceptions into messages and exit codes. Errors agreed on by every
/// process (collective_errors.hpp) are printed already. Any other error is the same on every
/// process when MPI is not running yet (the configuration), and is then printed once, by rank
/// 0; in an MPI run it may be this process's alone, so the process prints it, naming its rank,
/// and ends every process with MPI_Abort rather than leave them waiting in a collective.
template <class Body>
int guarded(int rank, bool mpi_active, Body&& body) {
  int size = 1;
  if (mpi_active) MPI_Comm_size(MPI_COMM_WORLD, &size);
  try {
    return body();
  } catch (const ErrorReported& e) {
    return e.code();
  } catch (const std::exception& e) {
    const int code = classify(e).code;
    if (mpi_active && size > 1) {
      print_error(e, rank);
      MPI_Abort(MPI_COMM_WORLD, code);
    }
    if (rank == 0 || mpi_active) print_error(e, -1);
    return code;
  }
}

}  // namespace

int run_command(const RunOptions& options) {
  const Setup setup;
  std::optional<LoadedConfig> loaded;
  // Configuration errors are found before MPI starts; every rank finds the same ones.
  const int code = guarded(launcher_rank(), false, [&] {
    loaded.emplace(setup.load(options.config_file, all_overrides(options)));
    return kExitOk;
  });
  if (code != kExitOk) return code;
  const bool optimistic = loaded->config.get_string("simulation.engine") == "optimistic";
  // Checkpoint files are written collectively (MPI), even by the sequential engine.
  const bool checkpoints = !options.checkpoint_dir.empty() || !options.restart.empty();
  const MpiSession mpi(launched_by_mpi() || optimistic || checkpoints);
  return guarded(mpi.rank(), mpi.active(), [&] { return run_loaded(options, setup, *loaded, mpi); });
}

int validate_command(const RunOptions& options) {
  const Setup setup;
  return guarded(launcher_rank(), false, [&] {
    const LoadedConfig loaded = setup.load(options.config_file, all_overrides(options));
    const BuiltRun built = setup.build(loaded);
    setup.load_all_input(built);
    std::printf("%s: valid (model %s, engine %s, %llu LPs)\n", options.config_file.c_str(),
                loaded.model->name.c_str(),
                std::string(pdes::to_string(built.kernel.engine)).c_str(),
                static_cast<unsigned long long>(built.model->partition_graph().num_lps));
    return kExitOk;
  });
}

int explain_command() {
  const Setup setup;
  std::fputs(setup.schema().explain().c_str(), stdout);
  return kExitOk;
}

int effective_config_command(const RunOptions& options) {
  const Setup setup;
  return guarded(launcher_rank(), false, [&] {
    const LoadedConfig loaded = setup.load(options.config_file, all_overrides(options));
    setup.build(loaded);
    std::fputs(loaded.config.effective_toml().c_str(), stdout);
    return kExitOk;
  });
}

}  // namespace app
