// SPDX-License-Identifier: Apache-2.0
// The rollback-check engine: same results as the sequential engine on a correct model, and a
// precise report on a model that keeps state outside its State.
#include <doctest/doctest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "pdes/internal/rollback_checker.hpp"
#include "pdes/pdes.hpp"
#include "tests/support/ping_model.hpp"
#include "tests/support/test_models.hpp"

using namespace pdes;
using testing_support::StatefulParams;

namespace {

KernelConfig config_for(EngineKind engine, std::int64_t end) {
  KernelConfig config;
  config.engine = engine;
  config.end_time = SimTime{end};
  config.seed = 7;
  return config;
}

class RecordSink final : public OutputSink {
 public:
  void write(const Record& r) override {
    const auto rec = r.as<testing_support::StatefulRecord>();
    records.emplace_back(rec.time, rec.lp, rec.hops, rec.checksum);
  }
  std::vector<std::tuple<std::int64_t, std::uint64_t, std::uint64_t, std::uint64_t>> records;
};

}  // namespace

TEST_CASE("rollback-check gives the sequential engine's digest, counts and records") {
  StatefulParams p;
  p.lps = 16;
  p.emit = true;
  RecordSink sequential_sink;
  RecordSink check_sink;
  const RunResult reference = testing_support::stateful_reference(
      config_for(EngineKind::sequential, 20000), p, &sequential_sink);
  Simulation sim(config_for(EngineKind::rollback_check, 20000));
  testing_support::build_stateful(sim, p);
  sim.set_output_sink(&check_sink);
  const RunResult r = sim.run();
  CHECK(reference.total.events_committed > 500);
  CHECK(r.total.event_digest == reference.total.event_digest);
  CHECK(r.total.events_committed == reference.total.events_committed);
  CHECK(r.total.events_processed == 2 * reference.total.events_committed);
  CHECK(r.total.events_rolled_back == reference.total.events_committed);
  CHECK(r.reason == reference.reason);
  CHECK(r.last_event_time == reference.last_event_time);
  CHECK(check_sink.records == sequential_sink.records);
}

TEST_CASE("rollback-check stops at max_events like the sequential engine") {
  KernelConfig config = config_for(EngineKind::rollback_check, 1'000'000);
  config.max_events = 37;
  Simulation sim(config);
  testing_support::build_ping(sim, testing_support::PingParams{});
  const RunResult r = sim.run();
  CHECK(r.reason == TerminationReason::event_limit_reached);
  CHECK(r.total.events_committed == 37);
  CHECK(r.last_event_time == SimTime{100});
}

TEST_CASE("rollback-check names the LP, the event and the differing state") {
  Simulation sim(config_for(EngineKind::rollback_check, 100));
  sim.set_lp_count(3);
  for (LpId id : sim.local_lps())
    sim.add_lp(id, std::make_unique<const testing_support::ImpureLp>());
  try {
    sim.run();
    FAIL("the impure model passed the rollback check");
  } catch (const InvariantError& e) {
    const std::string what = e.what();
    CHECK(what.find("rollback check failed for LP 0") != std::string::npos);
    CHECK(what.find("time 5 from LP 0 (sequence 0)") != std::string::npos);
    CHECK(what.find("{value=1}") != std::string::npos);  // first execution
    CHECK(what.find("{value=2}") != std::string::npos);  // re-execution
  }
}

TEST_CASE("describe_difference points at the first difference of long states") {
  const std::string a(500, 'x');
  std::string b = a;
  b[300] = 'y';
  const std::string d = pdes::internal::describe_difference(a, b);
  CHECK(d.find("character 300") != std::string::npos);
  CHECK(d.find('y') != std::string::npos);
  CHECK(d.size() < 400);
}

TEST_CASE("compare_effects reports a changed send") {
  pdes::internal::CapturedEffects a;
  a.sends.emplace_back();
  a.sends[0].header.dest = LpId{3};
  a.sends[0].payload = {std::byte{1}};
  pdes::internal::CapturedEffects b = a;
  CHECK(pdes::internal::compare_effects(a, b).empty());
  b.sends[0].payload = {std::byte{2}};
  CHECK(pdes::internal::compare_effects(a, b).find("payloads differ") != std::string::npos);
  b.sends.clear();
  CHECK(pdes::internal::compare_effects(a, b).find("sent 1 events") != std::string::npos);
}
