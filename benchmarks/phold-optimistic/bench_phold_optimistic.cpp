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
//
// --state-bytes N (N > 0) replaces models/phold's LP by BigStatePholdLp: the same event
// pattern, but each LP also holds N bytes of state in a std::vector (as a router's queues and
// tables would be) and every event rewrites a few of its words. It measures what state saving
// costs when the state is not tiny.
#include <mpi.h>
#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "models/phold/phold_build.hpp"
#include "pdes/pdes.hpp"

namespace {

struct BigState {
  std::vector<std::uint64_t> words;
  std::uint64_t received = 0;
  bool operator==(const BigState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    pdes::checkpoint_value(ar, words);
    pdes::checkpoint_value(ar, received);
  }
};

struct BigEvent {
  std::uint64_t hops = 0;
};

/// PHOLD's event pattern (remote = another group, delay = lookahead + Exp(mean)) with a large
/// State: each event rewrites 4 of the state's words.
class BigStatePholdLp final : public pdes::LogicalProcess<BigState, BigEvent> {
 public:
  BigStatePholdLp(const phold::PholdParams& p, std::size_t words) : p_(p), words_(words) {}

  void on_init(BigState& s, pdes::Context<BigEvent>& ctx) const override {
    s.words.assign(words_, ctx.self().value());
    for (std::uint64_t i = 0; i < p_.start_events; ++i) ctx.send(ctx.self(), delay(ctx.rng()), {});
  }
  void on_event(const BigEvent& ev, BigState& s, pdes::Context<BigEvent>& ctx) const override {
    ++s.received;
    for (int k = 0; k < 4; ++k) {
      const std::uint64_t i = ctx.rng().uniform_int(s.words.size());
      s.words[i] = s.words[i] * 6364136223846793005ULL + ev.hops + 1;
    }
    pdes::LpId dest = ctx.self();
    if (ctx.rng().bernoulli(p_.remote_fraction)) {
      const std::uint64_t first = ctx.self().value() / p_.group_size * p_.group_size;
      const std::uint64_t pick = ctx.rng().uniform_int(p_.lps - p_.group_size);
      dest = pdes::LpId{pick < first ? pick : pick + p_.group_size};
    }
    ctx.send(dest, delay(ctx.rng()), BigEvent{ev.hops + 1});
  }

 private:
  pdes::SimTime delay(pdes::Rng& rng) const {
    const double units = p_.lookahead + rng.exponential(p_.mean_delay);
    return pdes::SimTime{std::max<std::int64_t>(
        static_cast<std::int64_t>(units * static_cast<double>(phold::kTicksPerUnit)), 1)};
  }

  phold::PholdParams p_;
  std::size_t words_;
};

struct Options {
  std::string engine = "optimistic";
  std::uint64_t lps_per_rank = 1024;
  double events_per_rank = 20e6;
  double remote = 0.10;
  double lookahead = 0.1;
  double kernel_lookahead = -1.0;  ///< KernelConfig::lookahead in time units; < 0: `lookahead`
  double mean_delay = 1.0;
  std::uint64_t start_events = 16;
  std::uint64_t seed = 1;
  std::uint64_t state_bytes = 0;
  std::uint64_t group_size = 0;  ///< 0: one rank's LPs (half of them on one rank)
  pdes::KernelConfig kernel;
};

[[noreturn]] void usage(const char* message) {
  std::fprintf(stderr,
               "bench_phold_optimistic: %s\n"
               "options: --engine sequential|optimistic|rollback-check --lps-per-rank N\n"
               "         --events-per-rank N --remote F --lookahead T --mean-delay T\n"
               "         --start-events N --seed N --state-bytes N --group-size N\n"
               "         --batch-size N --prefetch auto|on|off\n"
               "         --gvt-interval N\n"
               "         --state-save-period N --optimism-window T --forced-rollback P\n"
               "         --uncommitted-limit N\n"
               "         --kernel-lookahead T (default: --lookahead, as warpnet run does;\n"
               "                               0: no safe events)\n",
               message);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + flag).c_str());
    const char* v = argv[++i];
    if (flag == "--engine")
      o.engine = v;
    else if (flag == "--lps-per-rank")
      o.lps_per_rank = std::strtoull(v, nullptr, 10);
    else if (flag == "--events-per-rank")
      o.events_per_rank = std::strtod(v, nullptr);
    else if (flag == "--remote")
      o.remote = std::strtod(v, nullptr);
    else if (flag == "--lookahead")
      o.lookahead = std::strtod(v, nullptr);
    else if (flag == "--mean-delay")
      o.mean_delay = std::strtod(v, nullptr);
    else if (flag == "--start-events")
      o.start_events = std::strtoull(v, nullptr, 10);
    else if (flag == "--seed")
      o.seed = std::strtoull(v, nullptr, 10);
    else if (flag == "--state-bytes")
      o.state_bytes = std::strtoull(v, nullptr, 10);
    else if (flag == "--group-size")
      o.group_size = std::strtoull(v, nullptr, 10);
    else if (flag == "--batch-size")
      o.kernel.batch_size = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--prefetch") {
      bool known = false;
      for (const auto mode :
           {pdes::PrefetchMode::automatic, pdes::PrefetchMode::on, pdes::PrefetchMode::off}) {
        if (pdes::to_string(mode) == v) {
          o.kernel.prefetch = mode;
          known = true;
        }
      }
      if (!known) usage("--prefetch takes auto, on or off");
    } else if (flag == "--gvt-interval")
      o.kernel.gvt_interval = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--state-save-period")
      o.kernel.state_save_period = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--optimism-window") {
      o.kernel.optimism_window =
          pdes::SimTime{static_cast<std::int64_t>(std::strtod(v, nullptr) * phold::kTicksPerUnit)};
    } else if (flag == "--kernel-lookahead") {
      o.kernel_lookahead = std::strtod(v, nullptr);
    } else if (flag == "--uncommitted-limit") {
      o.kernel.uncommitted_limit = std::strtoull(v, nullptr, 10);
    } else if (flag == "--forced-rollback")
      o.kernel.forced_rollback_probability = std::strtod(v, nullptr);
    else
      usage(("unknown option " + flag).c_str());
  }
  if (o.engine == "sequential")
    o.kernel.engine = pdes::EngineKind::sequential;
  else if (o.engine == "optimistic")
    o.kernel.engine = pdes::EngineKind::optimistic;
  else if (o.engine == "rollback-check")
    o.kernel.engine = pdes::EngineKind::rollback_check;
  else
    usage("unknown engine");
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
  params.group_size = o.group_size != 0 ? o.group_size
                      : ranks > 1       ? o.lps_per_rank
                                        : o.lps_per_rank / 2;
  params.start_events = o.start_events;
  params.mean_delay = o.mean_delay;
  params.lookahead = o.lookahead;
  params.remote_fraction = o.remote;
  // PHOLD's population is constant: lps * start_events events per (mean_delay + lookahead).
  const double per_unit_per_rank =
      static_cast<double>(o.lps_per_rank * o.start_events) / (o.mean_delay + o.lookahead);
  o.kernel.seed = o.seed;
  // As PholdModel::default_lookahead_ticks: rounded down.
  o.kernel.lookahead = pdes::SimTime{static_cast<std::int64_t>(
      std::floor((o.kernel_lookahead < 0.0 ? o.lookahead : o.kernel_lookahead) *
                 static_cast<double>(phold::kTicksPerUnit)))};
  o.kernel.end_time = pdes::SimTime{
      static_cast<std::int64_t>(o.events_per_rank / per_unit_per_rank * phold::kTicksPerUnit)};

  int code = 0;
  try {
    pdes::Simulation sim(o.kernel);
    if (o.state_bytes == 0) {
      phold::build(sim, params);
    } else {
      sim.set_lp_count(params.lps);
      const std::size_t words = (o.state_bytes + 7) / 8;
      for (pdes::LpId id : sim.local_lps()) {
        sim.add_lp(id, std::make_unique<const BigStatePholdLp>(params, words));
      }
    }
    const double cpu_start = cpu_seconds();
    const pdes::RunResult r = sim.run();
    double cpu = cpu_seconds() - cpu_start;
    MPI_Allreduce(MPI_IN_PLACE, &cpu, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    const pdes::EngineStatistics& t = r.total;
    if (rank == 0) {
      std::printf(
          "{\"engine\": \"%s\", \"ranks\": %d, \"lps\": %llu, \"remote\": %.3f, "
          "\"state_bytes\": %llu, "
          "\"state_save_period\": %u, \"committed\": %llu, \"safe\": %llu, \"processed\": %llu, "
          "\"rolled_back\": %llu, \"primary_rollbacks\": %llu, \"secondary_rollbacks\": %llu, "
          "\"anti_messages\": %llu, \"remote_events\": %llu, \"gvt_rounds\": %llu, "
          "\"efficiency\": %.5f, \"wall_seconds\": %.4f, \"committed_per_second\": %.1f, "
          "\"cpu_seconds_max_rank\": %.4f, \"peak_rss_mib\": %.1f, "
          "\"digest\": \"0x%016llx\"}\n",
          o.engine.c_str(), ranks, static_cast<unsigned long long>(params.lps), o.remote,
          static_cast<unsigned long long>(o.state_bytes), o.kernel.state_save_period,
          static_cast<unsigned long long>(t.events_committed),
          static_cast<unsigned long long>(t.events_safe),
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
