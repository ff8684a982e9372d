// SPDX-License-Identifier: Apache-2.0
// PHOLD (models/phold, built through phold::build) under the optimistic engine on 1, 2 and 4
// ranks: the digest equals the sequential engine's, and on several ranks rollbacks and
// anti-messages really happened. Block and round-robin partitions.
#include <doctest/doctest.h>
#include <mpi.h>

#include "models/phold/phold_build.hpp"
#include "models/phold/phold_lp.hpp"
#include "partition/partitioner_registry.hpp"
#include "pdes/pdes.hpp"
#include "tests/support/test_models.hpp"

using namespace pdes;

namespace {

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

KernelConfig config_for(double end_units) {
  KernelConfig config;
  config.engine = EngineKind::optimistic;
  config.seed = 3;
  config.end_time = SimTime{static_cast<std::int64_t>(end_units * phold::kTicksPerUnit)};
  return config;
}

RunResult run_phold(const KernelConfig& config, const phold::PholdParams& params,
                    const std::string& partitioner = "block") {
  Simulation sim(config);
  sim.set_lp_count(params.lps);
  PartitionGraph graph;
  graph.num_lps = params.lps;
  sim.set_partition(partition::make_partitioner(partitioner)->partition(graph, world_size()));
  phold::build(sim, params);
  return sim.run();
}

RunResult sequential(const KernelConfig& config, const phold::PholdParams& params) {
  return testing_support::sequential_reference<phold::PholdLp>(
      config, params.lps, [&](LpId) { return std::make_unique<const phold::PholdLp>(params); });
}

}  // namespace

TEST_CASE("PHOLD: optimistic digests equal the sequential engine's") {
  for (double remote : {0.1, 0.5, 1.0}) {
    for (std::uint32_t period : {1u, 8u}) {
      CAPTURE(remote);
      CAPTURE(period);
      phold::PholdParams params;
      params.lps = 256;
      params.start_events = 8;
      params.lookahead = 0.0;  // delays down to one tick: stragglers are certain
      params.remote_fraction = remote;
      KernelConfig config = config_for(40.0);
      config.state_save_period = period;
      const RunResult r = run_phold(config, params);
      const RunResult ref = sequential(config, params);
      CHECK(r.total.event_digest == ref.total.event_digest);
      CHECK(r.total.events_committed == ref.total.events_committed);
      CHECK(r.last_event_time == ref.last_event_time);
      CHECK(r.reason == ref.reason);
      if (world_size() > 1) {
        CHECK(r.total.events_rolled_back > 0);
        CHECK(r.total.primary_rollbacks > 0);
        CHECK(r.total.anti_messages > 0);
        CHECK(r.total.remote_events > 0);
      }
    }
  }
}

TEST_CASE("PHOLD: a round-robin partition and forced rollbacks change nothing") {
  phold::PholdParams params;
  params.lps = 128;
  params.start_events = 4;
  params.remote_fraction = 0.25;
  KernelConfig config = config_for(60.0);
  config.forced_rollback_probability = 0.02;
  config.state_save_period = 4;
  const RunResult r = run_phold(config, params, "round-robin");
  const RunResult ref = sequential(config, params);
  CHECK(r.total.event_digest == ref.total.event_digest);
  CHECK(r.total.events_committed == ref.total.events_committed);
  CHECK(r.total.primary_rollbacks > 0);
}

TEST_CASE("PHOLD: every pending set gives the heap's digest, sequential and optimistic") {
  // kernel.pending_set changes speed only. Zero lookahead makes stragglers and rollbacks
  // certain on several ranks, so the bucket sets take events below the bucket being drained;
  // 8,192 pending events crowd the ladder queue's first buckets, so it spawns finer rungs.
  phold::PholdParams params;
  params.lps = 512;
  params.start_events = 16;
  params.lookahead = 0.0;
  params.remote_fraction = 0.25;
  KernelConfig config = config_for(12.0);
  config.forced_rollback_probability = 0.01;
  config.pending_set = PendingSet::heap;
  const RunResult ref = sequential(config, params);
  CHECK(ref.total.events_committed > 50'000);
  for (const PendingSet set : {PendingSet::heap, PendingSet::buckets, PendingSet::calendar}) {
    CAPTURE(to_string(set));
    config.pending_set = set;
    const RunResult seq = sequential(config, params);
    CHECK(seq.total.event_digest == ref.total.event_digest);
    CHECK(seq.total.events_committed == ref.total.events_committed);
    const RunResult opt = run_phold(config, params);
    CHECK(opt.total.event_digest == ref.total.event_digest);
    CHECK(opt.total.events_committed == ref.total.events_committed);
    CHECK(opt.last_event_time == ref.last_event_time);
  }
}
