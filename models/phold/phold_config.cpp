// SPDX-License-Identifier: Apache-2.0
#include "models/phold/phold_config.hpp"

#include <cmath>
#include <memory>
#include <optional>

#include "models/phold/phold_build.hpp"

namespace phold {

namespace {

const PholdParams kDefaults{};

class PholdModel final : public models::Model {
 public:
  explicit PholdModel(const PholdParams& params) : params_(params) {}

  pdes::PartitionGraph partition_graph() const override {
    pdes::PartitionGraph graph;
    graph.num_lps = params_.lps;
    return graph;
  }
  void add_lps(pdes::Simulation& sim) const override { build(sim, params_); }
  /// Every delay is phold.lookahead plus an exponential draw, rounded to the nearest tick
  /// (PholdLp::draw_delay), so never below phold.lookahead rounded down.
  std::optional<std::int64_t> default_lookahead_ticks() const override {
    const auto ticks = static_cast<std::int64_t>(
        std::floor(params_.lookahead * static_cast<double>(kTicksPerUnit)));
    if (ticks < 1) return std::nullopt;
    return ticks;
  }

 private:
  PholdParams params_;
};

}  // namespace

void declare_schema(io::Schema& schema) {
  schema.describe_section("phold", "PHOLD synthetic benchmark (parameters as in ROSS)");
  schema.section_active_when("phold", "simulation.model", "phold");
  schema.add_int("phold.lps", static_cast<std::int64_t>(kDefaults.lps))
      .unit("LPs").range(1, std::int64_t{1} << 32).describe("Number of logical processes");
  schema.add_int("phold.start_events", static_cast<std::int64_t>(kDefaults.start_events))
      .unit("events").range(1, 1 << 20).describe("Events each LP schedules at start");
  schema.add_float("phold.mean_delay", kDefaults.mean_delay)
      .unit("time units").greater_than(0.0).max(1e9)
      .describe("Mean of the exponential part of each event's delay");
  schema.add_float("phold.lookahead", kDefaults.lookahead)
      .unit("time units").range(0.0, 1e9).describe("Constant part of each event's delay");
  schema.add_float("phold.remote_fraction", kDefaults.remote_fraction)
      .range(0.0, 1.0).describe("Probability that an event goes to an LP of another group");
  schema.add_int("phold.group_size", static_cast<std::int64_t>(kDefaults.group_size))
      .unit("LPs").range(1, std::int64_t{1} << 32)
      .describe("LPs per group (contiguous ids); remote = another group");
}

PholdParams params_from(const io::Config& config) {
  PholdParams p;
  p.lps = static_cast<std::uint64_t>(config.get_int("phold.lps"));
  p.start_events = static_cast<std::uint64_t>(config.get_int("phold.start_events"));
  p.mean_delay = config.get_float("phold.mean_delay");
  p.lookahead = config.get_float("phold.lookahead");
  p.remote_fraction = config.get_float("phold.remote_fraction");
  p.group_size = static_cast<std::uint64_t>(config.get_int("phold.group_size"));
  io::ErrorCollector errors(config);
  for (auto& [key, message] : consistency_problems(p)) errors.add(key, std::move(message));
  errors.throw_if_any();
  return p;
}

models::ModelEntry model_entry() {
  models::ModelEntry entry;
  entry.name = "phold";
  entry.description = "PHOLD synthetic benchmark of PDES engines (ROSS parameters)";
  entry.time_unit = "time units";
  entry.ticks_per_time_unit = kTicksPerUnit;
  entry.declare_schema = declare_schema;
  entry.create = [](const io::Config& config) -> std::unique_ptr<models::Model> {
    return std::make_unique<PholdModel>(params_from(config));
  };
  return entry;
}

}  // namespace phold
