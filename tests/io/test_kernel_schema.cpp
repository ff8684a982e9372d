// SPDX-License-Identifier: Apache-2.0
// io::declare_kernel_schema and io::kernel_config_from.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "io/config/kernel_schema.hpp"
#include "tests/io/io_test_schemas.hpp"

using io_test::only_issue;
using io_test::phold_file;

namespace {

constexpr std::int64_t kTicks = 1'000'000;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The issues of loading `text` and converting it to a KernelConfig.
std::vector<io::ConfigIssue> kernel_issues(const std::string& text) {
  try {
    const auto config = io_test::load(io_test::phold_schema(), text);
    (void)io::kernel_config_from(config, kTicks);
  } catch (const io::ConfigErrors& e) {
    return e.issues();
  }
  return {};
}

}  // namespace

TEST_CASE("the defaults are those of a default-constructed pdes::KernelConfig") {
  const auto config = io_test::load(io_test::phold_schema(), phold_file());
  const pdes::KernelConfig k = io::kernel_config_from(config, kTicks);
  const pdes::KernelConfig d;
  CHECK(k.engine == d.engine);
  CHECK(k.seed == d.seed);
  CHECK(k.max_events == d.max_events);
  CHECK(k.batch_size == d.batch_size);
  CHECK(k.gvt_interval == d.gvt_interval);
  CHECK(k.gvt_safe_discount == d.gvt_safe_discount);
  CHECK(k.gvt_period_counts_in_round == d.gvt_period_counts_in_round);
  CHECK(k.safe_time == d.safe_time);
  CHECK(k.optimism_window == d.optimism_window);
  CHECK(k.event_memory_limit_bytes == d.event_memory_limit_bytes);
  CHECK(k.state_save_period == d.state_save_period);
  CHECK(k.uncommitted_limit == d.uncommitted_limit);
  CHECK(k.forced_rollback_probability == d.forced_rollback_probability);
  CHECK(k.progress_interval_seconds == d.progress_interval_seconds);
  CHECK(k.end_time == pdes::SimTime{100 * kTicks});
  CHECK(config.get_string("simulation.name") == "warpnet");
}

TEST_CASE("every key reaches its KernelConfig field") {
  const auto config = io_test::load(io_test::phold_schema(),
                                    "[simulation]\n"
                                    "model = \"phold\"\n"
                                    "engine = \"rollback-check\"\n"
                                    "seed = 42\n"
                                    "end_time = 2.5\n"
                                    "max_events = 1000\n"
                                    "[kernel]\n"
                                    "batch_size = 4294967295\n"
                                    "gvt_interval = 3\n"
                                    "gvt_period = \"outside_rounds\"\n"
                                    "safe_time = \"channel_clocks\"\n"
                                    "optimism_window = 0.0000015\n"
                                    "event_memory_limit = 16\n"
                                    "state_save_period = 4\n"
                                    "uncommitted_limit = 123456\n"
                                    "forced_rollback_probability = 0.25\n"
                                    "progress_interval = 0\n");
  const pdes::KernelConfig k = io::kernel_config_from(config, kTicks);
  CHECK(k.engine == pdes::EngineKind::rollback_check);
  CHECK(k.seed == 42);
  CHECK(k.end_time == pdes::SimTime{2'500'000});
  CHECK(k.max_events == 1000);
  CHECK(k.batch_size == 4294967295U);
  CHECK(k.gvt_interval == 3);
  CHECK(!k.gvt_period_counts_in_round);
  CHECK(k.safe_time == pdes::SafeTimeMode::channel_clocks);
  CHECK(k.optimism_window == pdes::SimTime{2});  // 1.5 ticks rounds to 2
  CHECK(k.event_memory_limit_bytes == 16ULL << 20);
  CHECK(k.state_save_period == 4);
  CHECK(k.uncommitted_limit == 123456);
  CHECK(k.forced_rollback_probability == 0.25);
  CHECK(k.progress_interval_seconds == 0.0);
}

TEST_CASE("each engine name maps to its EngineKind") {
  const auto schema = io_test::phold_schema();
  for (const auto kind : {pdes::EngineKind::sequential, pdes::EngineKind::optimistic,
                          pdes::EngineKind::rollback_check}) {
    const auto config = io_test::load(schema, phold_file(),
                                      {{"simulation.engine", std::string(pdes::to_string(kind))}});
    CHECK(io::kernel_config_from(config, kTicks).engine == kind);
  }
}

TEST_CASE("model is a required choice over the model names") {
  const auto schema = io_test::phold_schema({"phold", "network"});
  const auto issue = only_issue(schema, "[simulation]\nend_time = 1.0\n");
  CHECK(issue.key == "simulation.model");
  CHECK(contains(issue.message, "required key is missing; expected one of: phold, network"));
  io::Schema empty;
  CHECK_THROWS_AS(io::declare_kernel_schema(empty, {}), std::logic_error);
}

TEST_CASE("invalid kernel values, one SUBCASE each") {
  const auto schema = io_test::phold_schema();
  auto issue_for = [&](const std::string& lines) { return only_issue(schema, phold_file(lines)); };
  SUBCASE("negative seed") {
    CHECK(issue_for("seed = -1\n").message == "value -1 is out of range; allowed: >= 0");
  }
  SUBCASE("negative max_events") {
    CHECK(issue_for("max_events = -1\n").key == "simulation.max_events");
  }
  SUBCASE("zero end_time") {
    const auto issue = only_issue(schema, "[simulation]\nmodel = \"phold\"\nend_time = 0\n");
    CHECK(issue.message == "value 0 is out of range; allowed: > 0");
  }
  SUBCASE("zero optimism_window") {
    CHECK(issue_for("[kernel]\noptimism_window = 0.0\n").message ==
          "value 0.0 is out of range; allowed: > 0");
  }
  SUBCASE("negative optimism_window") {
    CHECK(issue_for("[kernel]\noptimism_window = -1\n").key == "kernel.optimism_window");
  }
  SUBCASE("forced_rollback_probability 1") {
    CHECK(issue_for("[kernel]\nforced_rollback_probability = 1\n").message ==
          "value 1 is out of range; allowed: >= 0 and < 1");
  }
  SUBCASE("zero batch_size") {
    CHECK(issue_for("[kernel]\nbatch_size = 0\n").key == "kernel.batch_size");
  }
  SUBCASE("gvt_interval beyond 32 bits") {
    CHECK(issue_for("[kernel]\ngvt_interval = 4294967296\n").message ==
          "value 4294967296 is out of range; allowed: 1 .. 4294967295");
  }
  SUBCASE("zero gvt_safe_discount") {
    const auto issue = issue_for("[kernel]\ngvt_safe_discount = 0\n");
    CHECK(issue.key == "kernel.gvt_safe_discount");
    CHECK(issue.message == "value 0 is out of range; allowed: 1 .. 4294967295");
  }
  SUBCASE("zero event_memory_limit") {
    CHECK(issue_for("[kernel]\nevent_memory_limit = 0\n").message ==
          "value 0 is out of range; allowed: 1 .. 17592186044415");
  }
  SUBCASE("event_memory_limit whose bytes overflow 64 bits") {
    CHECK(issue_for("[kernel]\nevent_memory_limit = 17592186044416\n").key ==
          "kernel.event_memory_limit");
  }
  SUBCASE("zero state_save_period") {
    CHECK(issue_for("[kernel]\nstate_save_period = 0\n").key == "kernel.state_save_period");
  }
  SUBCASE("negative or infinite progress_interval") {
    CHECK(issue_for("[kernel]\nprogress_interval = -1.0\n").key == "kernel.progress_interval");
    CHECK(issue_for("[kernel]\nprogress_interval = inf\n").message ==
          "value inf is not finite; expected a finite float >= 0");
  }
}

TEST_CASE("times that do not fit in int64 ticks are errors naming the key and the limit") {
  SUBCASE("end_time too large") {
    const auto issues = kernel_issues("[simulation]\nmodel = \"phold\"\nend_time = 1e13\n");
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].location == "test.toml:3:12");
    CHECK(issues[0].key == "simulation.end_time");
    CHECK(issues[0].message ==
          "value 1e13 is too large: at 1000000 ticks per model time unit it is 1e+19 ticks, "
          "beyond the largest simulated time; allowed: < 9.22337e+12 (model time units)");
  }
  SUBCASE("the largest end_time that fits") {
    CHECK(kernel_issues("[simulation]\nmodel = \"phold\"\nend_time = 9.2e12\n").empty());
  }
  SUBCASE("optimism_window below half a tick, reported with end_time") {
    const auto issues = kernel_issues(
        "[simulation]\nmodel = \"phold\"\nend_time = 1e300\n[kernel]\noptimism_window = 1e-9\n");
    REQUIRE(issues.size() == 2);
    CHECK(issues[0].key == "simulation.end_time");
    CHECK(issues[1].key == "kernel.optimism_window");
    CHECK(issues[1].message ==
          "value 1e-9 is 0 ticks at 1000000 ticks per model time unit; allowed: >= 5e-07 (half a "
          "tick)");
  }
  SUBCASE("infinite optimism_window is unbounded") {
    const auto config =
        io_test::load(io_test::phold_schema(), phold_file("[kernel]\noptimism_window = inf\n"));
    CHECK(io::kernel_config_from(config, kTicks).optimism_window == pdes::SimTime::max());
  }
  SUBCASE("ticks_per_time_unit must be positive") {
    const auto config = io_test::load(io_test::phold_schema(), phold_file());
    CHECK_THROWS_AS((void)io::kernel_config_from(config, 0), std::logic_error);
  }
}
