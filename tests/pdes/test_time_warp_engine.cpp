// SPDX-License-Identifier: Apache-2.0
// The optimistic engine under mpiexec (registered for 1, 2 and 4 ranks): results equal the
// sequential engine's on every rank count, rollbacks really happen, limits and errors stop
// every rank cleanly.
#include <doctest/doctest.h>
#include <mpi.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "pdes/pdes.hpp"
#include "tests/support/ping_model.hpp"
#include "tests/support/test_models.hpp"

using namespace pdes;
using testing_support::StatefulParams;

namespace {

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

KernelConfig optimistic(std::int64_t end) {
  KernelConfig config;
  config.engine = EngineKind::optimistic;
  config.end_time = SimTime{end};
  config.seed = 11;
  return config;
}

RunResult run_stateful(const KernelConfig& config, const StatefulParams& p,
                       OutputSink* sink = nullptr, const Partition* partition = nullptr) {
  Simulation sim(config);
  sim.set_lp_count(p.lps);
  if (partition != nullptr) sim.set_partition(*partition);
  for (LpId id : sim.local_lps()) {
    sim.add_lp(id, std::make_unique<const testing_support::StatefulLp>(p));
  }
  sim.set_output_sink(sink);
  return sim.run();
}

/// The same run in the sequential engine, on this rank.
RunResult reference(const KernelConfig& config, const StatefulParams& p,
                    OutputSink* sink = nullptr) {
  return testing_support::stateful_reference(config, p, sink);
}

void check_same_results(const RunResult& r, const RunResult& ref) {
  CHECK(r.total.event_digest == ref.total.event_digest);
  CHECK(r.total.events_committed == ref.total.events_committed);
  CHECK(r.reason == ref.reason);
  CHECK(r.last_event_time == ref.last_event_time);
  CHECK(r.num_ranks == world_size());
  REQUIRE(r.per_rank.size() == static_cast<std::size_t>(world_size()));
  std::uint64_t committed = 0;
  for (const EngineStatistics& s : r.per_rank) committed += s.events_committed;
  CHECK(committed == r.total.events_committed);
  CHECK(r.total.events_processed == r.total.events_committed + r.total.events_rolled_back);
}

/// Collects committed records; compares them as a set (sorted), since ranks commit in
/// different orders.
class RecordSink final : public OutputSink {
 public:
  void write(const Record& r) override {
    const auto rec = r.as<testing_support::StatefulRecord>();
    records.emplace_back(rec.time, rec.lp, rec.hops, rec.checksum);
  }
  std::vector<std::tuple<std::int64_t, std::uint64_t, std::uint64_t, std::uint64_t>> records;
};

}  // namespace

TEST_CASE("optimistic results equal the sequential engine's for every state saving period") {
  StatefulParams p;
  p.lps = 48;
  for (std::uint32_t period : {1u, 4u, 16u}) {
    CAPTURE(period);
    KernelConfig config = optimistic(60'000);
    config.state_save_period = period;
    const RunResult r = run_stateful(config, p);
    check_same_results(r, reference(config, p));
    CHECK(r.total.events_committed > 2000);
  }
}

TEST_CASE("stragglers cause rollbacks and anti-messages, and results stay exact") {
  // The LPs of rank 0 are slow, so the other ranks run ahead and receive stragglers.
  StatefulParams p;
  p.lps = 32;
  p.remote_fraction = 0.5;
  p.lookahead = 10;
  p.slow_lps_below = 32 / static_cast<std::uint64_t>(world_size());
  p.slow_spin = 3000;
  for (std::uint32_t period : {1u, 5u}) {
    CAPTURE(period);
    KernelConfig config = optimistic(40'000);
    config.state_save_period = period;
    const RunResult r = run_stateful(config, p);
    check_same_results(r, reference(config, p));
    if (world_size() > 1) {
      CHECK(r.total.primary_rollbacks > 0);
      CHECK(r.total.events_rolled_back > 0);
      CHECK(r.total.anti_messages > 0);
      CHECK(r.total.remote_events > 0);
      CHECK(r.total.efficiency() < 1.0);
    } else {
      CHECK(r.total.events_rolled_back == 0);
    }
    CHECK(r.total.gvt_rounds > 0);
  }
}

TEST_CASE("forced rollbacks exercise rollback on any rank count without changing results") {
  StatefulParams p;
  p.lps = 24;
  for (std::uint32_t period : {1u, 3u}) {
    CAPTURE(period);
    KernelConfig config = optimistic(40'000);
    config.state_save_period = period;
    config.forced_rollback_probability = 0.1;
    const RunResult r = run_stateful(config, p);
    check_same_results(r, reference(config, p));
    CHECK(r.total.primary_rollbacks > 0);
    CHECK(r.total.anti_messages > 0);
  }
}

TEST_CASE("with a lookahead, safe events and forced rollbacks mix in one run, whatever the load") {
  // What the determinism tests rely on: with forced rollbacks a rank runs nothing before the
  // first GVT round, so the rank holding the smallest event runs it safe, and forced rollbacks
  // keep above the safe time. Both hold however the ranks are scheduled.
  StatefulParams p;
  p.lps = 32;
  p.remote_fraction = 0.5;
  p.lookahead = 10;
  KernelConfig config = optimistic(40'000);
  config.lookahead = SimTime{10};
  config.forced_rollback_probability = 0.05;
  const RunResult r = run_stateful(config, p);
  check_same_results(r, reference(config, p));
  CHECK(r.total.primary_rollbacks > 0);
  CHECK(r.total.anti_messages > 0);
  if (world_size() > 1) {
    CHECK(r.total.events_safe > 0);
  } else {
    CHECK(r.total.events_safe == 0);  // one rank: no safe events, so every event may be forced
  }
}

TEST_CASE("kernel.gvt_period = outside_rounds changes timing only") {
  // Events run while a GVT round is in flight do not count towards the period: fewer rounds,
  // the same committed events.
  StatefulParams p;
  p.lps = 32;
  p.remote_fraction = 0.5;
  p.lookahead = 10;
  KernelConfig config = optimistic(40'000);
  config.lookahead = SimTime{10};
  config.gvt_period_counts_in_round = false;
  const RunResult r = run_stateful(config, p);
  check_same_results(r, reference(config, p));
  CHECK(r.total.gvt_rounds > 0);
}

TEST_CASE("kernel.safe_time = channel_clocks: safe events from promises, results exact") {
  // The safe time from the promises ranks send each other instead of from GVT rounds: the
  // same committed events, with safe events and rollbacks (forced). With an optimism window,
  // as the network model has (speculation bounded a few lookaheads beyond the safe time):
  // without one the ranks speculate far ahead of a safe time that promises raise by about a
  // lookahead per message, and only the rounds' safe time keeps up.
  StatefulParams p;
  p.lps = 32;
  p.remote_fraction = 0.5;
  p.lookahead = 10;
  for (const double forced : {0.0, 0.05}) {
    CAPTURE(forced);
    KernelConfig config = optimistic(40'000);
    config.lookahead = SimTime{10};
    config.safe_time = SafeTimeMode::channel_clocks;
    config.optimism_window = SimTime{50};
    config.forced_rollback_probability = forced;
    const RunResult r = run_stateful(config, p);
    check_same_results(r, reference(config, p));
    CHECK(r.total.gvt_rounds > 0);
    if (world_size() > 1 && forced > 0.0) {
      // With forced rollbacks no rank runs before the first round, so some events run safe
      // whatever the load (without, oversubscribed ranks may speculate past every promise).
      CHECK(r.total.events_safe > 0);
      CHECK(r.total.primary_rollbacks > 0);
    } else if (world_size() == 1) {
      CHECK(r.total.promise_messages == 0);
    }
  }
}

TEST_CASE("committed records and on_commit output equal the sequential engine's") {
  StatefulParams p;
  p.lps = 20;
  p.emit = true;
  KernelConfig config = optimistic(30'000);
  config.forced_rollback_probability = 0.05;  // records of rolled-back events must vanish
  RecordSink sink;
  const RunResult r = run_stateful(config, p, &sink);
  RecordSink reference_sink;
  check_same_results(r, reference(config, p, &reference_sink));
  // This rank's sink holds exactly the records of its own LPs.
  auto expected = reference_sink.records;
  const Partition partition = [&] {
    Simulation sim(config);
    sim.set_lp_count(p.lps);
    return sim.partition();
  }();
  std::erase_if(expected, [&](const auto& rec) {
    return partition.rank_of(LpId{std::get<1>(rec)}) != world_rank();
  });
  std::sort(expected.begin(), expected.end());
  std::sort(sink.records.begin(), sink.records.end());
  CHECK(sink.records.size() == expected.size());
  CHECK(sink.records == expected);
  // on_finish ran once per local LP with its final state, timed at end_time.
  const auto finals = std::count_if(sink.records.begin(), sink.records.end(), [](const auto& rec) {
    return std::get<2>(rec) == testing_support::StatefulLp::kFinalHops;
  });
  Simulation probe(config);
  probe.set_lp_count(p.lps);
  CHECK(finals == static_cast<std::ptrdiff_t>(probe.local_lps().size()));
  for (const auto& rec : sink.records) {
    if (std::get<2>(rec) == testing_support::StatefulLp::kFinalHops) {
      CHECK(std::get<0>(rec) == 30'000);
    }
  }
}

TEST_CASE("a round-robin partition gives the same results") {
  StatefulParams p;
  p.lps = 30;
  KernelConfig config = optimistic(30'000);
  Partition partition;
  partition.num_ranks = world_size();
  for (std::uint64_t i = 0; i < p.lps; ++i) {
    partition.rank_of_lp.push_back(
        static_cast<std::int32_t>(i % static_cast<std::uint64_t>(world_size())));
  }
  check_same_results(run_stateful(config, p, nullptr, &partition), reference(config, p));
}

TEST_CASE("an optimism window bounds speculation and keeps results exact") {
  StatefulParams p;
  p.lps = 32;
  p.slow_lps_below = 8;
  p.slow_spin = 2000;
  for (std::int64_t window : {1, 50, 2000}) {
    CAPTURE(window);
    KernelConfig config = optimistic(20'000);
    config.optimism_window = SimTime{window};
    check_same_results(run_stateful(config, p), reference(config, p));
  }
}

TEST_CASE("termination: end time, no more events, event limit") {
  SUBCASE("an end time before every event") {
    StatefulParams p;
    p.lps = 8;
    p.lookahead = 1000;
    const RunResult r = run_stateful(optimistic(500), p);
    CHECK(r.reason == TerminationReason::end_time_reached);
    CHECK(r.total.events_committed == 0);
  }
  SUBCASE("no events at all") {
    StatefulParams p;
    p.lps = 8;
    p.start_events = 0;
    const RunResult r = run_stateful(optimistic(500), p);
    CHECK(r.reason == TerminationReason::no_more_events);
    CHECK(r.total.events_committed == 0);
  }
  SUBCASE("an event limit") {
    KernelConfig config = optimistic(1'000'000'000);
    config.max_events = 5000;
    Simulation sim(config);
    testing_support::PingParams ping;
    ping.lps = 8;
    testing_support::build_ping(sim, ping);
    const RunResult r = sim.run();
    CHECK(r.reason == TerminationReason::event_limit_reached);
    CHECK(r.total.events_committed >= 5000);
  }
}

TEST_CASE("several optimistic simulations run one after the other in one process") {
  StatefulParams p;
  p.lps = 16;
  const KernelConfig config = optimistic(20'000);
  const RunResult a = run_stateful(config, p);
  const RunResult b = run_stateful(config, p);
  CHECK(a.total.event_digest == b.total.event_digest);
  CHECK(a.total.events_committed == b.total.events_committed);
}

TEST_CASE("running out of event memory is a ResourceError on every rank, naming the knob") {
  StatefulParams p;
  p.lps = 64;
  p.start_events = 64;
  KernelConfig config = optimistic(1'000'000);
  config.event_memory_limit_bytes = 64 * 1024;  // less than the pending events alone
  try {
    run_stateful(config, p);
    FAIL("no ResourceError");
  } catch (const ResourceError& e) {
    CHECK(std::string(e.what()).find("kernel.event_memory_limit") != std::string::npos);
  }
}

TEST_CASE("a tight memory limit slows speculation down but the run completes exactly") {
  StatefulParams p;
  p.lps = 32;
  p.state_words = 64;
  p.slow_lps_below = 8;
  p.slow_spin = 2000;
  KernelConfig config = optimistic(20'000);
  config.event_memory_limit_bytes = 160 * 1024;
  const RunResult r = run_stateful(config, p);
  check_same_results(r, reference(config, p));
  // Counted per GVT round in which some rank was held back (whether it was depends on timing).
  CHECK(r.total.memory_throttled_rounds <= r.total.gvt_rounds);
}

TEST_CASE("a handler error stops every rank with the error, the LP and the event") {
  StatefulParams p;
  p.lps = 16;
  p.start_events = 1;
  p.lookahead = 100;
  // Find an event that really happens: the first event of LP 5 in the sequential run.
  p.fail_lp = 5;
  p.fail_time = -1;
  {
    KernelConfig config = optimistic(10'000);
    config.engine = EngineKind::sequential;
    class FirstOf5 final : public OutputSink {
     public:
      void write(const Record& r) override {
        const auto rec = r.as<testing_support::StatefulRecord>();
        if (rec.lp == 5 && time < 0) time = rec.time;
      }
      std::int64_t time = -1;
    } sink;
    StatefulParams q = p;
    q.emit = true;
    testing_support::stateful_reference(config, q, &sink);
    REQUIRE(sink.time > 0);
    p.fail_time = sink.time;
  }
  try {
    run_stateful(optimistic(10'000), p);
    FAIL("no error");
  } catch (const std::runtime_error& e) {  // the model's own kind of error, as sequentially
    const std::string what = e.what();
    CHECK(what.find("LP 5, event at time " + std::to_string(p.fail_time)) != std::string::npos);
    CHECK(what.find("fails here on purpose") != std::string::npos);
  }
}

TEST_CASE("a zero delay is reported as in the sequential engine") {
  Simulation sim(optimistic(1000));
  testing_support::PingParams ping;
  ping.delay = 0;
  testing_support::build_ping(sim, ping);
  CHECK_THROWS_WITH_AS(sim.run(), doctest::Contains("at least one tick"), InvariantError);
}

TEST_CASE("errors in speculative states that a rollback undoes are not reported") {
  const std::uint64_t lps = 2 * static_cast<std::uint64_t>(world_size());
  auto make = [&](LpId) {
    return std::make_unique<const testing_support::SpeculationSensitiveLp>(lps, 20000);
  };
  KernelConfig config = optimistic(20'000);
  Simulation sim(config);
  sim.set_lp_count(lps);
  for (LpId id : sim.local_lps()) sim.add_lp(id, make(id));
  const RunResult r = sim.run();
  const RunResult ref =
      testing_support::sequential_reference<testing_support::SpeculationSensitiveLp>(config, lps,
                                                                                     make);
  CHECK(r.total.event_digest == ref.total.event_digest);
  CHECK(r.total.events_committed == ref.total.events_committed);
  std::uint64_t local = testing_support::speculative_throws.load();
  std::uint64_t total = 0;
  MPI_Allreduce(&local, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  MESSAGE("speculative handler errors absorbed: " << total);
}

TEST_CASE("knobs the optimistic engine cannot run with are configuration errors") {
  StatefulParams p;
  p.lps = 8;
  KernelConfig config = optimistic(1000);
  SUBCASE("zero optimism window") {
    config.optimism_window = SimTime{0};
    CHECK_THROWS_WITH_AS(run_stateful(config, p), doctest::Contains("kernel.optimism_window"),
                         ConfigError);
  }
  SUBCASE("zero batch size") {
    config.batch_size = 0;
    CHECK_THROWS_AS(run_stateful(config, p), ConfigError);
  }
  SUBCASE("zero gvt_safe_discount") {
    config.gvt_safe_discount = 0;
    CHECK_THROWS_WITH_AS(run_stateful(config, p), doctest::Contains("kernel.gvt_safe_discount"),
                         ConfigError);
  }
  SUBCASE("zero state saving period") {
    config.state_save_period = 0;
    CHECK_THROWS_AS(run_stateful(config, p), ConfigError);
  }
  SUBCASE("forced rollback probability 1") {
    config.forced_rollback_probability = 1.0;
    CHECK_THROWS_AS(run_stateful(config, p), ConfigError);
  }
  SUBCASE("more ranks than LPs") {
    if (world_size() > 1) {
      Simulation sim(config);
      CHECK_THROWS_WITH_AS(sim.set_lp_count(1), doctest::Contains("at most as many ranks as LPs"),
                           ConfigError);
    }
  }
}

TEST_CASE("progress is reported on rank 0 with GVT as now, and finished once") {
  class Recorder final : public ProgressObserver {
   public:
    void on_progress(const ProgressInfo& info) override { seen.push_back(info); }
    void on_finish() override { ++finished; }
    std::vector<ProgressInfo> seen;
    int finished = 0;
  } recorder;
  StatefulParams p;
  p.lps = 16;
  KernelConfig config = optimistic(30'000);
  config.progress_interval_seconds = 1e-9;  // every GVT round
  Simulation sim(config);
  testing_support::build_stateful(sim, p);
  sim.set_progress_observer(&recorder);
  const RunResult r = sim.run();
  if (world_rank() == 0) {
    REQUIRE(!recorder.seen.empty());
    CHECK(recorder.finished == 1);
    for (std::size_t i = 1; i < recorder.seen.size(); ++i) {
      CHECK(recorder.seen[i - 1].now <= recorder.seen[i].now);
      CHECK(recorder.seen[i - 1].events_committed <= recorder.seen[i].events_committed);
    }
    CHECK(recorder.seen.back().now <= config.end_time);
    CHECK(recorder.seen.back().events_committed <= r.total.events_committed);
  } else {
    CHECK(recorder.seen.empty());
    CHECK(recorder.finished == 0);
  }
}
