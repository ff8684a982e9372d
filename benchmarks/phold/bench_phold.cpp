// SPDX-License-Identifier: Apache-2.0
//
// Committed events per second of the sequential engine on PHOLD, in ROSS's terms.
//
//   build/benchmarks/phold/bench_phold                      # 1,024 and 65,536 LPs, medians of 5
//   build/benchmarks/phold/bench_phold --benchmark_filter=Calendar   # kernel.pending_set = calendar
//   build/benchmarks/phold/bench_phold --target_events=N    # events per run (default 20 M)
//
// Each run simulates until about `target_events` events have been committed (the end time is
// derived from PHOLD's constant event population), so the two sizes do the same work.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "models/phold/phold_lp.hpp"
#include "models/phold/phold_build.hpp"
#include "pdes/pdes.hpp"

namespace {

void run_sequential(benchmark::State& state, std::uint64_t lps, std::uint64_t target_events,
                    pdes::PendingSet pending_set) {
  phold::PholdParams params;
  params.lps = lps;
  params.start_events = 16;
  params.mean_delay = 1.0;
  params.lookahead = 0.1;
  params.remote_fraction = 0.25;
  params.group_size = 1;
  const double per_unit = static_cast<double>(params.lps * params.start_events) /
                          (params.mean_delay + params.lookahead);
  const double end_units = static_cast<double>(target_events) / per_unit;

  pdes::EngineStatistics last;
  for (auto _ : state) {
    pdes::KernelConfig config;
    config.seed = 1;
    config.pending_set = pending_set;
    config.end_time = pdes::SimTime{static_cast<std::int64_t>(end_units * phold::kTicksPerUnit)};
    pdes::Simulation sim(config);
    phold::build(sim, params);
    last = sim.run().total;
    state.SetIterationTime(last.wall_seconds);
  }
  state.counters["committed"] = static_cast<double>(last.events_committed);
  state.counters["committed_per_s"] = last.committed_rate();
  state.counters["efficiency"] = last.efficiency();
  state.counters["peak_rss_MiB"] = static_cast<double>(last.peak_rss_bytes) / (1024.0 * 1024.0);
}

}  // namespace

int main(int argc, char** argv) {
  // Our own flag first; Google Benchmark rejects flags it does not know.
  std::uint64_t target_events = 20'000'000;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const char* prefix = "--target_events=";
    if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0) {
      target_events = std::strtoull(argv[i] + std::strlen(prefix), nullptr, 10);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  // "Sequential" is the heap (the kernel's default for PHOLD); "Calendar" the adaptive buckets.
  for (const auto& [name, set] : {std::pair{"Sequential/", pdes::PendingSet::heap},
                                  std::pair{"Calendar/", pdes::PendingSet::calendar}}) {
    for (std::uint64_t lps : {1024ULL, 65536ULL}) {
      const pdes::PendingSet pending_set = set;
      benchmark::RegisterBenchmark((name + std::to_string(lps)).c_str(),
                                   [lps, target_events, pending_set](benchmark::State& state) {
                                     run_sequential(state, lps, target_events, pending_set);
                                   })
          ->Iterations(1)
          ->Repetitions(5)
          ->ReportAggregatesOnly(true)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
