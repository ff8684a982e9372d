// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <thread>

#include "app/exit_codes.hpp"
#include "app/mpi_session.hpp"
#include "app/setup.hpp"
#include "app/sweep_axes.hpp"
#include "app/sweep_index.hpp"
#include "app/sweep_point_list.hpp"
#include "app/sweep_runner.hpp"
#include "app/sweep_saturation.hpp"
#include "app/sweep_table.hpp"
#include "io/config/config_errors.hpp"

namespace app {

namespace {

namespace fs = std::filesystem;

constexpr const char* kSaturationKey = "traffic.load";

struct CheckedSweep {
  SweepSpec spec;
  std::vector<SweepPoint> points;
  std::string name;             ///< simulation.name of the first point, safe as a file stem
  std::size_t bisect_axis = 0;  ///< with --saturation: the axis searched
};

std::vector<std::string> overrides_for(const SweepOptions& options, const SweepSpec& spec,
                                       const SweepPoint& point) {
  std::vector<std::string> overrides = spec.fixed;
  for (const Setting& s : point) overrides.push_back(s.argument());
  if (!options.engine.empty()) overrides.push_back("simulation.engine=" + options.engine);
  return overrides;
}

/// An issue about a swept key names the sweep's own argument and the point's value:
/// "--set traffic.load=0.1:1.5:0.1 (at traffic.load=1.1): traffic.load: value 1.1 is ...".
io::ConfigErrors in_sweep_terms(const io::ConfigErrors& errors, const SweepSpec& spec,
                                const SweepPoint& point) {
  std::vector<io::ConfigIssue> issues = errors.issues();
  for (io::ConfigIssue& issue : issues) {
    for (std::size_t a = 0; a < spec.axes.size(); ++a) {
      if (issue.location == "--set " + point[a].argument()) {
        issue.location =
            fmt::format("--set {} (at {})", spec.axes[a].argument, point[a].argument());
      }
    }
  }
  return io::ConfigErrors(std::move(issues));
}

std::size_t choose_bisect_axis(const SweepSpec& spec) {
  auto fail = [](const std::string& message) -> std::size_t {
    throw io::ConfigErrors({{"--saturation", "", message}});
  };
  std::size_t axis = spec.axes.size();
  for (std::size_t a = 0; a < spec.axes.size(); ++a) {
    if (spec.axes[a].key == kSaturationKey) axis = a;
  }
  if (axis == spec.axes.size() && spec.axes.size() == 1) axis = 0;
  if (axis == spec.axes.size()) {
    return fail(fmt::format("with several swept keys, {} must be one of them (the key searched)",
                            kSaturationKey));
  }
  if (!spec.axes[axis].numeric) {
    return fail(fmt::format("the values of {} must be numbers to search between them",
                            spec.axes[axis].key));
  }
  return axis;
}

/// Everything that can be checked before a directory is made or a process started; throws
/// pdes::ConfigError. Loads the first point exactly as `warpnet validate` does, and every
/// other value of each axis (the checks of one key's range do not depend on the others).
CheckedSweep check_sweep(const SweepOptions& options, const Setup& setup) {
  CheckedSweep sweep;
  sweep.spec = parse_sweep_settings(options.settings);
  if (sweep.spec.axes.empty()) {
    throw io::ConfigErrors({{"--set", "",
                             "nothing is swept: give a range (--set key=lo:hi:step) or a list "
                             "(--set key=a,b,c)"}});
  }
  if (options.saturation) sweep.bisect_axis = choose_bisect_axis(sweep.spec);
  sweep.points = expand_points(sweep.spec.axes);
  const SweepPoint& first = sweep.points.front();
  try {
    const LoadedConfig loaded =
        setup.load(options.config_file, overrides_for(options, sweep.spec, first));
    setup.load_all_input(setup.build(loaded));
    sweep.name = loaded.config.get_string("simulation.name");
  } catch (const io::ConfigErrors& e) {
    throw in_sweep_terms(e, sweep.spec, first);
  }
  for (std::size_t a = 0; a < sweep.spec.axes.size(); ++a) {
    for (std::size_t v = 1; v < sweep.spec.axes[a].values.size(); ++v) {
      SweepPoint point = first;
      point[a].value = sweep.spec.axes[a].values[v];
      try {
        setup.load(options.config_file, overrides_for(options, sweep.spec, point));
      } catch (const io::ConfigErrors& e) {
        throw in_sweep_terms(e, sweep.spec, point);
      }
    }
  }
  std::replace(sweep.name.begin(), sweep.name.end(), '/', '_');
  if (sweep.name.empty()) sweep.name = "run";
  return sweep;
}

/// The sweep's directory: created, or an existing one that is empty (or --force). Throws
/// pdes::ConfigError (key --output-dir) when it cannot be used.
fs::path prepare_directory(const SweepOptions& options, const std::string& name) {
  const fs::path dir =
      options.output_dir.empty() ? fs::path(name + "-sweep") : fs::path(options.output_dir);
  std::error_code error;
  if (fs::exists(dir)) {
    if (!fs::is_directory(dir)) {
      throw pdes::ConfigError("--output-dir", "'" + dir.string() + "' is not a directory");
    }
    if (!fs::is_empty(dir) && !options.force) {
      throw pdes::ConfigError(
          "--output-dir",
          "'" + dir.string() + "' exists and is not empty (--force runs the sweep into it)");
    }
  } else if (!fs::create_directories(dir, error) || error) {
    throw pdes::ConfigError("--output-dir",
                            "cannot create '" + dir.string() + "': " + error.message());
  }
  // A stale index would describe files this sweep is about to replace.
  fs::remove(dir / kSweepIndexName, error);
  return dir;
}

/// The directory of a single point (--point): created if needed, and shared with the sweep's
/// other points, which may be running at the same time (array tasks), so neither emptiness
/// nor --force is asked for and nothing in it is removed.
fs::path prepare_point_directory(const SweepOptions& options, const std::string& name) {
  const fs::path dir =
      options.output_dir.empty() ? fs::path(name + "-sweep") : fs::path(options.output_dir);
  std::error_code error;
  fs::create_directories(dir, error);
  if (error || !fs::is_directory(dir)) {
    throw pdes::ConfigError("--output-dir",
                            "cannot use '" + dir.string() + "' as the sweep directory" +
                                (error ? ": " + error.message() : ": not a directory"));
  }
  return dir;
}

int interrupted(int signal) {
  std::fprintf(stderr,
               "warpnet sweep: interrupted by %s: stopped the running points; no %s written\n",
               signal == SIGINT ? "SIGINT" : "SIGTERM", kSweepIndexName);
  return 128 + signal;
}

PointCommand point_command(const SweepOptions& options, const CheckedSweep& sweep,
                           const fs::path& dir) {
  return PointCommand{fs::read_symlink("/proc/self/exe").string(),
                      options.config_file,
                      sweep.spec.fixed,
                      options.engine,
                      dir.string(),
                      sweep.name};
}

int run_sweep(const SweepOptions& options, const CheckedSweep& sweep, const fs::path& dir) {
  const std::size_t jobs =
      options.jobs != 0 ? options.jobs : std::max(1U, std::thread::hardware_concurrency());
  PointRunner runner(point_command(options, sweep, dir), jobs);

  std::vector<PointOutcome> outcomes = runner.run(sweep.points);
  if (runner.interrupted_by() != 0) return interrupted(runner.interrupted_by());
  std::optional<SaturationGroups> saturation;
  if (options.saturation) {
    saturation.emplace(sweep.points, sweep.bisect_axis, options.tolerance,
                       sweep.spec.axes[sweep.bisect_axis].integral);
    saturation->record(outcomes);
    for (auto probes = saturation->next_points(jobs); !probes.empty();
         probes = saturation->next_points(jobs)) {
      std::vector<PointOutcome> more = runner.run(probes);
      if (runner.interrupted_by() != 0) return interrupted(runner.interrupted_by());
      saturation->record(more);
      outcomes.insert(outcomes.end(), more.begin(), more.end());
    }
  }

  std::vector<std::string> keys;
  for (const SweepAxis& axis : sweep.spec.axes) keys.push_back(axis.key);
  std::fputs(format_sweep_table(keys, outcomes).c_str(), stdout);
  std::string load_unit;
  for (const PointOutcome& o : outcomes) {
    if (o.ok() && load_unit.empty()) load_unit = o.figures.load_unit;
  }
  if (saturation) {
    std::fputs(
        saturation->report(sweep.spec.axes[sweep.bisect_axis].key, options.tolerance, load_unit)
            .c_str(),
        stdout);
  }
  const auto failures = std::count_if(outcomes.begin(), outcomes.end(),
                                      [](const PointOutcome& o) { return !o.ok(); });
  if (static_cast<std::size_t>(failures) < outcomes.size()) {
    write_sweep_index(dir.string(), keys, outcomes);
    std::printf("\n%zu results file%s and %s in %s\n", outcomes.size() - failures,
                outcomes.size() - failures == 1 ? "" : "s", kSweepIndexName, dir.string().c_str());
  }
  if (failures > 0) {
    std::printf("%zd of %zu points failed (their messages are above, on stderr)\n",
                static_cast<std::ptrdiff_t>(failures), outcomes.size());
  }
  std::fflush(stdout);
  return failures > 0 || (saturation && saturation->undetermined()) ? kExitFailure : kExitOk;
}

/// --point I: exactly what the whole sweep does for point I (same child command, same file).
int run_one_point(const SweepOptions& options, const CheckedSweep& sweep, std::size_t index,
                  const fs::path& dir) {
  PointRunner runner(point_command(options, sweep, dir), 1, index);
  const std::vector<PointOutcome> outcomes = runner.run({sweep.points[index]});
  if (runner.interrupted_by() != 0) return interrupted(runner.interrupted_by());
  std::vector<std::string> keys;
  for (const SweepAxis& axis : sweep.spec.axes) keys.push_back(axis.key);
  std::fputs(format_sweep_table(keys, outcomes).c_str(), stdout);
  std::fflush(stdout);
  return outcomes.front().ok() ? kExitOk : kExitFailure;
}

/// --write-index: index.csv for the points whose results file is in the directory (a results
/// file appears only when its run has completed: it is renamed into place at the end).
int write_index_of_present_files(const SweepOptions& options, const CheckedSweep& sweep) {
  const fs::path dir = options.output_dir.empty() ? fs::path(sweep.name + "-sweep")
                                                  : fs::path(options.output_dir);
  if (!fs::is_directory(dir)) {
    std::fprintf(stderr, "warpnet: configuration error:\n--output-dir: '%s' is not a directory\n",
                 dir.string().c_str());
    return kExitBadInput;
  }
  std::vector<PointOutcome> outcomes(sweep.points.size());
  std::string missing;
  std::size_t present = 0;
  for (std::size_t i = 0; i < sweep.points.size(); ++i) {
    outcomes[i].index = i;
    outcomes[i].point = sweep.points[i];
    outcomes[i].file = point_file_name(sweep.name, i);
    if (fs::is_regular_file(dir / outcomes[i].file)) {
      ++present;
    } else {
      outcomes[i].exit_code = 1;
      outcomes[i].error = "no results file";
      missing += fmt::format("{}{}", missing.empty() ? "" : ", ", i);
    }
  }
  if (present == 0) {
    std::fprintf(stderr, "warpnet sweep: no point has a results file in %s; no %s written\n",
                 dir.string().c_str(), kSweepIndexName);
    return kExitFailure;
  }
  std::vector<std::string> keys;
  for (const SweepAxis& axis : sweep.spec.axes) keys.push_back(axis.key);
  write_sweep_index(dir.string(), keys, outcomes);
  std::printf("%s in %s: %zu of %zu points\n", kSweepIndexName, dir.string().c_str(), present,
              outcomes.size());
  if (!missing.empty()) {
    std::fprintf(stderr, "warpnet sweep: points without a results file (left out): %s\n",
                 missing.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

void print_error(const std::exception& error, const char* kind) {
  std::fprintf(stderr, "warpnet: %s:\n%s\n", kind, error.what());
}

}  // namespace

int sweep_command(const SweepOptions& options) {
  if (launched_by_mpi()) {
    std::fputs(
        "warpnet: usage error:\nwarpnet sweep runs its points as processes of its own; "
        "start it without mpirun (each point may still use --engine optimistic)\n",
        stderr);
    return kExitBadInput;
  }
  fs::path dir;
  CheckedSweep sweep;
  std::size_t point = 0;
  try {
    const Setup setup;
    sweep = check_sweep(options, setup);
    if (options.list_points) {
      std::fputs(format_point_list(sweep.name, sweep.points).c_str(), stdout);
      return kExitOk;
    }
    if (options.write_index) return write_index_of_present_files(options, sweep);
    if (!options.point.empty()) {
      point = parse_point_index(options.point, sweep.points.size());
      dir = prepare_point_directory(options, sweep.name);
    } else {
      dir = prepare_directory(options, sweep.name);
    }
  } catch (const pdes::ConfigError& e) {
    print_error(e, "configuration error");
    return kExitBadInput;
  } catch (const fs::filesystem_error& e) {
    print_error(e, "cannot use the output directory");
    return kExitBadInput;
  }
  try {
    if (!options.point.empty()) return run_one_point(options, sweep, point, dir);
    return run_sweep(options, sweep, dir);
  } catch (const std::exception& e) {
    print_error(e, "error");
    return kExitFailure;
  }
}

}  // namespace app
