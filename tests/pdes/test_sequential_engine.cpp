// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

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
