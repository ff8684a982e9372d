// SPDX-License-Identifier: Apache-2.0
//
// PHOLD under the optimistic engine (or the sequential / rollback-check engines, for
// reference): one run, one JSON line of statistics on rank 0. run_benchmark.py repeats runs
// and takes medians; docs/performance.md has the commands and the figures.
//
//   mpirun -np 2 bench_phold_optimistic --remote 0.10 --lps-per-rank 1024 --events-per-rank 20e6
//
// Weak scaling: every rank holds --lps-per-rank LPs and commits about --events-per-rank
// events. PHOLD's groups are one rank's LPs, so "remote" means "on another rank"; on one rank
// there are two groups (halves), so the event pattern has the same shape.
#include <mpi.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "models/phold/phold_build.hpp"
#include "pdes/pdes.hpp"

namespace {

struct Options {
  std::string engine = "optimistic";
  std::uint64_t lps_per_rank = 1024;
  double events_per_rank = 20e6;
  double remote = 0.10;
  double lookahead = 0.1;
  double mean_delay = 1.0;
  std::uint64_t start_events = 16;
  std::uint64_t seed = 1;
  pdes::KernelConfig kernel;
};

[[noreturn]] void usage(const char* message) {
  std::fprintf(stderr,
               "bench_phold_optimistic: %s\n"
               "options: --engine sequential|optimistic|rollback-check --lps-per-rank N\n"
               "         --events-per-rank N --remote F --lookahead T --mean-delay T\n"
               "         --start-events N --seed N --batch-size N --gvt-interval N\n"
               "         --state-save-period N --optimism-window T --forced-rollback P\n",
               message);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + flag).c_str());
    const char* v = argv[++i];
    if (flag == "--engine") o.engine = v;
    else if (flag == "--lps-per-rank") o.lps_per_rank = std::strtoull(v, nullptr, 10);
    else if (flag == "--events-per-rank") o.events_per_rank = std::strtod(v, nullptr);
    else if (flag == "--remote") o.remote = std::strtod(v, nullptr);
    else if (flag == "--lookahead") o.lookahead = std::strtod(v, nullptr);
    else if (flag == "--mean-delay") o.mean_delay = std::strtod(v, nullptr);
    else if (flag == "--start-events") o.start_events = std::strtoull(v, nullptr, 10);
    else if (flag == "--seed") o.seed = std::strtoull(v, nullptr, 10);
    else if (flag == "--batch-size") o.kernel.batch_size = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--gvt-interval") o.kernel.gvt_interval = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--state-save-period") o.kernel.state_save_period = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--optimism-window") {
      o.kernel.optimism_window = pdes::SimTime{static_cast<std::int64_t>(std::strtod(v, nullptr) * phold::kTicksPerUnit)};
    } else if (flag == "--forced-rollback") o.kernel.forced_rollback_probability = std::strtod(v, nullptr);
    else usage(("unknown option " + flag).c_str());
  }
  if (o.engine == "sequential") o.kernel.engine = pdes::EngineKind::sequential;
  else if (o.engine == "optimistic") o.kernel.engine = pdes::EngineKind::optimistic;
  else if (o.engine == "rollback-check") o.kernel.engine = pdes::EngineKind::rollback_check;
  else usage("unknown engine");
  return o;
}

/// CPU seconds (user + system) used by this process so far.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  Options o = parse(argc, argv);

  phold::PholdParams params;
  params.lps = o.lps_per_rank * static_cast<std::uint64_t>(ranks);
  params.group_size = ranks > 1 ? o.lps_per_rank : o.lps_per_rank / 2;
  params.start_events = o.start_events;
  params.mean_delay = o.mean_delay;
  params.lookahead = o.lookahead;
  params.remote_fraction = o.remote;
  // PHOLD's population is constant: lps * start_events events per (mean_delay + lookahead).
  const double per_unit_per_rank =
      static_cast<double>(o.lps_per_rank * o.start_events) / (o.mean_delay + o.lookahead);
  o.kernel.seed = o.seed;
  o.kernel.end_time = pdes::SimTime{
      static_cast<std::int64_t>(o.events_per_rank / per_unit_per_rank * phold::kTicksPerUnit)};

  int code = 0;
  try {
    pdes::Simulation sim(o.kernel);
    phold::build(sim, params);
    const double cpu_start = cpu_seconds();
    const pdes::RunResult r = sim.run();
    double cpu = cpu_seconds() - cpu_start;
    MPI_Allreduce(MPI_IN_PLACE, &cpu, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    const pdes::EngineStatistics& t = r.total;
    if (rank == 0) {
      std::printf(
          "{\"engine\": \"%s\", \"ranks\": %d, \"lps\": %llu, \"remote\": %.3f, "
          "\"state_save_period\": %u, \"committed\": %llu, \"processed\": %llu, "
          "\"rolled_back\": %llu, \"primary_rollbacks\": %llu, \"secondary_rollbacks\": %llu, "
          "\"anti_messages\": %llu, \"remote_events\": %llu, \"gvt_rounds\": %llu, "
          "\"efficiency\": %.5f, \"wall_seconds\": %.4f, \"committed_per_second\": %.1f, "
          "\"cpu_seconds_max_rank\": %.4f, \"peak_rss_mib\": %.1f, "
          "\"digest\": \"0x%016llx\"}\n",
          o.engine.c_str(), ranks, static_cast<unsigned long long>(params.lps), o.remote,
          o.kernel.state_save_period, static_cast<unsigned long long>(t.events_committed),
          static_cast<unsigned long long>(t.events_processed),
          static_cast<unsigned long long>(t.events_rolled_back),
          static_cast<unsigned long long>(t.primary_rollbacks),
          static_cast<unsigned long long>(t.secondary_rollbacks),
          static_cast<unsigned long long>(t.anti_messages),
          static_cast<unsigned long long>(t.remote_events),
          static_cast<unsigned long long>(t.gvt_rounds), t.efficiency(), t.wall_seconds,
          t.committed_rate(), cpu, static_cast<double>(t.peak_rss_bytes) / (1024.0 * 1024.0),
          static_cast<unsigned long long>(t.event_digest));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_phold_optimistic: %s\n", e.what());
    code = 2;
  }
  MPI_Finalize();
  return code;
}
