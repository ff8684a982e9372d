// SPDX-License-Identifier: Apache-2.0
//
// What a state save costs a PR-DRB source as its solution database grows (issue 15: "hundreds
// of entries per source must not make every state save slow — measure it"). The optimistic
// engine saves a node's state by copy-assigning it into a ring slot; SourceState's database is
// copy on write (routing/prdrb/solution_database.hpp), so a save copies a pointer whatever the
// number of entries. BM_SaveSourceState measures that copy with 0 .. 1024 saved solutions;
// BM_CopyEntries copies the same entries as a plain vector would, for comparison.
//
//   build/benchmarks/network/bench_prdrb_state --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "models/network/routing/prdrb/source_state.hpp"

namespace {

using net::prdrb::Flow;
using net::prdrb::Situation;
using net::prdrb::SourceState;

SourceState state_with(std::int64_t entries) {
  SourceState s;
  for (std::int64_t i = 0; i < entries; ++i) {
    const auto d = static_cast<std::uint16_t>(i % 4096);
    const Situation situation = Situation::of(std::vector<Flow>{{static_cast<std::uint16_t>(i), d}});
    net::prdrb::Solution paths;
    paths.width = 3;
    s.database.save(d, situation, paths, 50.0, 0.8, 1u << 20);
  }
  return s;
}

void BM_SaveSourceState(benchmark::State& bench) {
  const SourceState live = state_with(bench.range(0));
  SourceState slot;  // a ring slot, reused as the engine reuses them
  for (auto _ : bench) {
    slot = live;
    benchmark::DoNotOptimize(slot);
  }
  bench.counters["entries"] = static_cast<double>(live.database.size());
}

void BM_CopyEntries(benchmark::State& bench) {
  const SourceState live = state_with(bench.range(0));
  std::vector<net::prdrb::SavedSolution> slot;
  for (auto _ : bench) {
    slot = live.database.entries();
    benchmark::DoNotOptimize(slot);
  }
  bench.counters["entries"] = static_cast<double>(live.database.size());
}

}  // namespace

BENCHMARK(BM_SaveSourceState)->Arg(0)->Arg(16)->Arg(256)->Arg(1024);
BENCHMARK(BM_CopyEntries)->Arg(16)->Arg(256)->Arg(1024);
BENCHMARK_MAIN();
