// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "pdes/pdes.hpp"
#include "tests/support/ping_model.hpp"

using namespace pdes;
using testing_support::PingParams;

namespace {

KernelConfig sequential(std::int64_t end_ticks) {
  KernelConfig config;
  config.engine = EngineKind::sequential;
  config.end_time = SimTime{end_ticks};
  return config;
}

RunResult run_ping(const KernelConfig& config, const PingParams& params, OutputSink* sink = nullptr) {
  Simulation sim(config);
  testing_support::build_ping(sim, params);
  sim.set_output_sink(sink);
  return sim.run();
}

class CollectingSink final : public OutputSink {
 public:
  void write(const Record& r) override { records.push_back(r.as<testing_support::PingRecord>()); }
  std::vector<testing_support::PingRecord> records;
};

}  // namespace

TEST_CASE("events at or after end_time are not executed") {
  // 4 LPs, one event each, a hop every 10 ticks: events at 10, 20, ..., so by end 100 exactly
  // times 10..90 run: 9 per LP.
  const RunResult r = run_ping(sequential(100), PingParams{});
  CHECK(r.reason == TerminationReason::end_time_reached);
  CHECK(r.total.events_processed == 36);
  CHECK(r.total.events_committed == 36);
  CHECK(r.last_event_time == SimTime{90});
  const RunResult r2 = run_ping(sequential(101), PingParams{});
  CHECK(r2.total.events_processed == 40);
}

TEST_CASE("max_events stops at exactly that event of the total order") {
  KernelConfig config = sequential(1'000'000);
  config.max_events = 37;
  const RunResult r = run_ping(config, PingParams{});
  CHECK(r.reason == TerminationReason::event_limit_reached);
  CHECK(r.total.events_processed == 37);
  // The 37th event is at time 100 (36 events fill times 10..90).
  CHECK(r.last_event_time == SimTime{100});
}

TEST_CASE("records reach the sink in time order with the emitting LP") {
  CollectingSink sink;
  PingParams p;
  p.emit = true;
  run_ping(sequential(35), p, &sink);
  REQUIRE(sink.records.size() == 12);
  for (std::size_t i = 1; i < sink.records.size(); ++i) {
    CHECK(sink.records[i - 1].time <= sink.records[i].time);
  }
  CHECK(sink.records.back().hops == 2);
}

TEST_CASE("two simulations in one process give identical digests; other seeds differ") {
  KernelConfig config = sequential(10'000);
  PingParams p;
  p.lps = 16;
  p.stride = 5;
  const RunResult a = run_ping(config, p);
  const RunResult b = run_ping(config, p);
  CHECK(a.total.event_digest == b.total.event_digest);
  CHECK(a.total.events_committed == b.total.events_committed);
  p.stride = 3;
  CHECK(run_ping(config, p).total.event_digest != a.total.event_digest);
}

TEST_CASE("a run with no events ends with 'no more events'") {
  KernelConfig config = sequential(100);
  PingParams p;
  p.start = 0;
  const RunResult r = run_ping(config, p);
  CHECK(r.reason == TerminationReason::no_more_events);
  CHECK(r.total.events_processed == 0);
}

TEST_CASE("misuse is reported, not ignored") {
  SUBCASE("running twice") {
    Simulation sim(sequential(100));
    testing_support::build_ping(sim, PingParams{});
    sim.run();
    CHECK_THROWS_AS(sim.run(), ConfigError);
  }
  SUBCASE("an LP missing") {
    Simulation sim(sequential(100));
    sim.set_lp_count(4);
    sim.add_lp(LpId{0}, std::make_unique<const testing_support::PingLp>(PingParams{}));
    CHECK_THROWS_WITH_AS(sim.run(), doctest::Contains("only 1 of"), ConfigError);
  }
  SUBCASE("an LP added twice") {
    Simulation sim(sequential(100));
    sim.set_lp_count(2);
    sim.add_lp(LpId{1}, std::make_unique<const testing_support::PingLp>(PingParams{}));
    CHECK_THROWS_AS(sim.add_lp(LpId{1}, std::make_unique<const testing_support::PingLp>(PingParams{})),
                    ConfigError);
  }
  SUBCASE("an event to an LP that does not exist") {
    PingParams p;
    p.lps = 4;
    Simulation sim(sequential(100));
    sim.set_lp_count(3);  // the model believes there are 4
    for (LpId id : sim.local_lps()) sim.add_lp(id, std::make_unique<const testing_support::PingLp>(p));
    CHECK_THROWS_WITH_AS(sim.run(), doctest::Contains("only 3 LPs"), InvariantError);
  }
  SUBCASE("a zero delay") {
    PingParams p;
    p.delay = 0;
    CHECK_THROWS_WITH_AS(run_ping(sequential(100), p), doctest::Contains("at least one tick"),
                         InvariantError);
  }
  SUBCASE("a non-positive end time") {
    CHECK_THROWS_AS(Simulation(sequential(0)), ConfigError);
  }
}

namespace {

// An LP whose prefetch hook and handler write to a log outside the State (a test probe only:
// real hooks only request cache lines).
struct ProbeEvent {
  std::uint64_t id;
};
struct ProbeState {
  std::uint64_t handled = 0;
  bool operator==(const ProbeState&) const = default;
};
struct ProbeCall {
  char what;  // 'e' early, 'l' late, 'x' on_event
  std::uint64_t id;
};

class ProbeLp final : public LogicalProcess<ProbeState, ProbeEvent> {
 public:
  ProbeLp(std::uint64_t lps, std::vector<ProbeCall>* log) : lps_(lps), log_(log) {}
  void on_init(ProbeState&, Context<ProbeEvent>& ctx) const override {
    // Every LP sends to every LP at the same few times: buckets of many events.
    for (std::uint64_t t = 1; t <= 3; ++t) {
      for (std::uint64_t d = 0; d < lps_; ++d) {
        ctx.send(LpId{d}, SimTime{static_cast<std::int64_t>(10 * t)},
                 ProbeEvent{ctx.self().value() * 1000 + t * 100 + d});
      }
    }
  }
  void on_event(const ProbeEvent& e, ProbeState& s, Context<ProbeEvent>&) const override {
    log_->push_back({'x', e.id});
    ++s.handled;
  }
  void prefetch(const ProbeEvent& e, const ProbeState&, PrefetchStage stage) const {
    log_->push_back({stage == PrefetchStage::kEarly ? 'e' : 'l', e.id});
  }

 private:
  std::uint64_t lps_;
  std::vector<ProbeCall>* log_;
};

}  // namespace

TEST_CASE("the prefetch hook sees each event early, then late, then it runs (bucket sets)") {
  for (const PendingSet set : {PendingSet::buckets, PendingSet::calendar, PendingSet::heap}) {
    CAPTURE(static_cast<int>(set));
    std::vector<ProbeCall> log;
    KernelConfig config = sequential(1000);
    config.pending_set = set;
    Simulation sim(config);
    const std::uint64_t lps = 8;
    sim.set_lp_count(lps);
    for (std::uint64_t i = 0; i < lps; ++i) {
      sim.add_lp(LpId{i}, std::make_unique<const ProbeLp>(lps, &log));
    }
    const RunResult r = sim.run();
    REQUIRE(r.total.events_processed == 3 * lps * lps);
    // For each executed event: the calls about it since the previous execution.
    std::size_t executed = 0, late_before = 0, early_before = 0;
    for (std::size_t i = 0; i < log.size(); ++i) {
      if (log[i].what != 'x') continue;
      ++executed;
      bool late = false, early = false;
      for (std::size_t j = 0; j < i; ++j) {
        if (log[j].id != log[i].id) continue;
        if (log[j].what == 'x') FAIL("an event ran twice");
        if (log[j].what == 'l') late = true;
        if (log[j].what == 'e') {
          CHECK_FALSE(late);  // early comes before late
          early = true;
        }
      }
      late_before += late ? 1 : 0;
      early_before += early ? 1 : 0;
    }
    CHECK(executed == 3 * lps * lps);
    if (set == PendingSet::buckets) {
      // Within a bucket the next events are known: all but the first of each of the 3 buckets
      // get the late call, all but the first two the early one.
      CHECK(late_before == executed - 3);
      CHECK(early_before == executed - 6);
    } else if (set == PendingSet::calendar) {
      // The ladder appends the next bucket before the bottom runs out: only the first event
      // misses the late call, and the first two the early one.
      CHECK(late_before == executed - 1);
      CHECK(early_before == executed - 2);
    } else {
      // A heap knows only its top: the engine does not prefetch at all.
      CHECK(late_before == 0);
      CHECK(early_before == 0);
      CHECK(log.size() == executed);
    }
  }
}

namespace {

// An LP whose every event sends one event on: to itself 1-9 ticks later (inside a lookahead
// window of 10 ticks), or to a random other LP 10, 15 or 20 ticks later (many events share a
// time). Its State folds the events it sees, in the order it sees them, with its random draws;
// on_finish emits the fold.
struct MixEvent {
  std::uint64_t tag;
};
struct MixState {
  std::uint64_t fold = 0;
  std::uint64_t seen = 0;
  bool operator==(const MixState&) const = default;
};
struct MixRecord {
  static constexpr std::uint16_t kRecordKind = 9;
  std::uint64_t lp;
  std::uint64_t fold;
  std::uint64_t seen;
};

class MixLp final : public LogicalProcess<MixState, MixEvent> {
 public:
  explicit MixLp(std::uint64_t lps) : lps_(lps) {}
  void on_init(MixState&, Context<MixEvent>& ctx) const override {
    for (std::uint64_t i = 0; i < 4; ++i) {
      ctx.send(ctx.self(), SimTime{static_cast<std::int64_t>(1 + i)}, MixEvent{i});
    }
  }
  void on_event(const MixEvent& e, MixState& s, Context<MixEvent>& ctx) const override {
    const std::uint64_t draw = ctx.rng().next_u64();
    s.fold = (s.fold ^ e.tag ^ static_cast<std::uint64_t>(ctx.now().ticks())) *
                 0x9E3779B97F4A7C15ULL +
             (draw >> 7);
    ++s.seen;
    const MixEvent next{s.fold};
    if (draw % 10 < 4) {
      ctx.send(ctx.self(), SimTime{static_cast<std::int64_t>(1 + (draw >> 8) % 9)}, next);
    } else {
      const std::uint64_t other = (ctx.self().value() + 1 + (draw >> 8) % (lps_ - 1)) % lps_;
      ctx.send(LpId{other}, SimTime{static_cast<std::int64_t>(10 + 5 * ((draw >> 20) % 3))},
               next);
    }
  }
  void on_finish(const MixState& s, CommitContext& ctx) const override {
    ctx.emit(MixRecord{ctx.self().value(), s.fold, s.seen});
  }

 private:
  std::uint64_t lps_;
};

class MixSink final : public OutputSink {
 public:
  void write(const Record& r) override {
    const auto m = r.as<MixRecord>();
    folds.resize(std::max<std::size_t>(folds.size(), m.lp + 1));
    folds[m.lp] = {m.fold, m.seen};
  }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> folds;
};

struct MixRun {
  RunResult result;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> folds;
};

MixRun run_mix(PendingSet set, std::int64_t lookahead, std::uint64_t max_events = 0) {
  KernelConfig config = sequential(3000);
  config.seed = 11;
  config.pending_set = set;
  config.lookahead = SimTime{lookahead};
  config.max_events = max_events;
  constexpr std::uint64_t kLps = 37;
  Simulation sim(config);
  sim.set_lp_count(kLps);
  for (LpId id : sim.local_lps()) sim.add_lp(id, std::make_unique<const MixLp>(kLps));
  MixSink sink;
  sim.set_output_sink(&sink);
  MixRun run{sim.run(), {}};
  run.folds = sink.folds;
  return run;
}

}  // namespace

TEST_CASE("lookahead windows (time buckets, LP by LP) give the total order's results") {
  // Buckets with a lookahead run each LP's share of [T, T + lookahead) on its own; the heap and
  // buckets without a lookahead run the total order. Every LP must see the same events in the
  // same order: same folds, events and digest.
  const MixRun heap = run_mix(PendingSet::heap, 0);
  const MixRun buckets = run_mix(PendingSet::buckets, 0);
  const MixRun windows = run_mix(PendingSet::buckets, 10);
  REQUIRE(heap.result.total.events_committed > 20'000);
  REQUIRE(heap.folds.size() == 37);
  for (const MixRun* run : {&buckets, &windows}) {
    CHECK(run->result.total.events_committed == heap.result.total.events_committed);
    CHECK(run->result.total.event_digest == heap.result.total.event_digest);
    CHECK(run->result.last_event_time == heap.result.last_event_time);
    CHECK(run->folds == heap.folds);
  }
  // A lookahead smaller than the model's least delay between LPs gives shorter windows.
  const MixRun short_windows = run_mix(PendingSet::buckets, 3);
  CHECK(short_windows.result.total.event_digest == heap.result.total.event_digest);
  CHECK(short_windows.folds == heap.folds);
  // An event limit stops in the total order (no windows).
  const MixRun limited = run_mix(PendingSet::buckets, 10, 5000);
  const MixRun limited_heap = run_mix(PendingSet::heap, 0, 5000);
  CHECK(limited.result.total.event_digest == limited_heap.result.total.event_digest);
  CHECK(limited.folds == limited_heap.folds);
}

TEST_CASE("a send between LPs closer than the lookahead stops a windowed run") {
  // The model sends to other LPs 10 ticks ahead at the least: a lookahead of 11 is broken.
  CHECK_THROWS_WITH_AS(run_mix(PendingSet::buckets, 11), doctest::Contains("kernel.lookahead"),
                       ConfigError);
}
