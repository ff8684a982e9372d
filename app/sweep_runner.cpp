// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_runner.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "io/hdf5/output_path.hpp"

namespace app {

namespace {

constexpr std::size_t kStderrTailLines = 12;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string tail_lines(const std::string& text, std::size_t count) {
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  std::size_t begin = end;
  for (std::size_t lines = 0; begin > 0; --begin) {
    if (text[begin - 1] == '\n' && ++lines == count) break;
  }
  return text.substr(begin, end - begin);
}

std::string describe(const SweepPoint& point) {
  std::string text;
  for (const Setting& s : point) {
    if (!text.empty()) text += ' ';
    text += s.argument();
  }
  return text;
}

void remove_quietly(const std::string& path) {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

}  // namespace

std::string point_file_name(const std::string& name, std::size_t index) {
  return fmt::format("{}-{:04d}.h5", name, index);
}

PointRunner::PointRunner(PointCommand command, std::size_t jobs, std::size_t first_index)
    : command_(std::move(command)), pool_(jobs), next_index_(first_index) {}

std::string PointRunner::hidden_path(const std::string& file, const char* suffix) const {
  return (std::filesystem::path(command_.directory) / ("." + file + suffix)).string();
}

std::vector<std::string> PointRunner::child_argv(std::size_t index, const SweepPoint& point) const {
  const std::string file = point_file_name(command_.name, index);
  std::vector<std::string> argv{command_.executable, "run", command_.config_file};
  for (const std::string& fixed : command_.fixed) argv.insert(argv.end(), {"--set", fixed});
  for (const Setting& s : point) argv.insert(argv.end(), {"--set", s.argument()});
  if (!command_.engine.empty()) argv.insert(argv.end(), {"--engine", command_.engine});
  argv.insert(argv.end(),
              {"--output", (std::filesystem::path(command_.directory) / file).string(), "--force",
               "--stats-json", hidden_path(file, ".stats.json"), "--no-progress"});
  return argv;
}

void PointRunner::finish(PointOutcome& outcome, const ChildExit& exit) const {
  const std::string stats = hidden_path(outcome.file, ".stats.json");
  const std::string log = hidden_path(outcome.file, ".stderr");
  outcome.exit_code = exit.exit_code;
  if (exit.exit_code != 0) {
    outcome.error = tail_lines(read_text(log), kStderrTailLines);
    if (outcome.error.empty()) outcome.error = "(no message on stderr)";
    if (exit.signal != 0) outcome.error += fmt::format("\n(killed by signal {})", exit.signal);
  } else {
    try {
      outcome.figures = figures_from_stats_json(read_text(stats));
    } catch (const std::exception& e) {
      outcome.error = std::string("cannot read its statistics: ") + e.what();
    }
    if (!std::filesystem::is_regular_file(std::filesystem::path(command_.directory) /
                                          outcome.file)) {
      outcome.error = "it exited 0 but wrote no " + outcome.file;
    }
  }
  remove_quietly(stats);
  remove_quietly(log);
}

void PointRunner::clean_up_interrupted(const std::vector<PointOutcome>& outcomes,
                                       const std::vector<pid_t>& pids) const {
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    remove_quietly(hidden_path(outcomes[i].file, ".stats.json"));
    remove_quietly(hidden_path(outcomes[i].file, ".stderr"));
    const std::string path =
        (std::filesystem::path(command_.directory) / outcomes[i].file).string();
    for (const pid_t pid : pids) remove_quietly(io::partial_path(path, pid));
  }
}

std::vector<PointOutcome> PointRunner::run(const std::vector<SweepPoint>& points) {
  using Clock = std::chrono::steady_clock;
  std::vector<PointOutcome> outcomes(points.size());
  std::vector<Clock::time_point> started(points.size());
  std::vector<bool> finished(points.size(), false);
  for (std::size_t i = 0; i < points.size(); ++i) {
    outcomes[i].index = next_index_++;
    outcomes[i].file = point_file_name(command_.name, outcomes[i].index);
    outcomes[i].point = points[i];
  }
  std::size_t next = 0;
  std::size_t done = 0;
  auto report = [&](std::size_t i) {
    const PointOutcome& o = outcomes[i];
    finished[i] = true;
    ++done;
    const double seconds = std::chrono::duration<double>(Clock::now() - started[i]).count();
    if (o.ok()) {
      std::fprintf(stderr, "warpnet sweep: [%zu/%zu] point %zu (%s): done in %.1f s\n", done,
                   points.size(), o.index, describe(o.point).c_str(), seconds);
    } else {
      std::string indented = "    " + o.error;
      for (std::size_t p = 0; (p = indented.find('\n', p)) != std::string::npos; p += 5) {
        indented.replace(p, 1, "\n    ");
      }
      std::fprintf(stderr, "warpnet sweep: [%zu/%zu] point %zu (%s) failed%s:\n%s\n", done,
                   points.size(), o.index, describe(o.point).c_str(),
                   o.exit_code != 0 ? fmt::format(" with exit code {}", o.exit_code).c_str() : "",
                   indented.c_str());
    }
  };
  while (done < points.size()) {
    while (next < points.size() && pool_.has_room()) {
      const std::size_t i = next++;
      started[i] = Clock::now();
      ChildSpec spec{child_argv(outcomes[i].index, points[i]), "/dev/null",
                     hidden_path(outcomes[i].file, ".stderr")};
      try {
        pool_.start(i, spec);
      } catch (const std::system_error& e) {
        outcomes[i].exit_code = 1;
        outcomes[i].error = e.what();
        report(i);
      }
    }
    if (pool_.running() == 0) continue;
    const std::vector<ChildExit> exits = pool_.wait();
    if (pool_.interrupted_by() != 0) {
      clean_up_interrupted(outcomes, pool_.terminate_all());
      std::vector<PointOutcome> completed;
      for (std::size_t i = 0; i < outcomes.size(); ++i) {
        if (finished[i]) completed.push_back(std::move(outcomes[i]));
      }
      return completed;
    }
    for (const ChildExit& exit : exits) {
      finish(outcomes[exit.job], exit);
      report(exit.job);
    }
  }
  return outcomes;
}

}  // namespace app
