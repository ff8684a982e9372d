// SPDX-License-Identifier: Apache-2.0
#include "app/setup.hpp"

#include <cmath>

#include "io/config/config_errors.hpp"
#include "io/config/kernel_schema.hpp"
#include "partition/partitioner_registry.hpp"

namespace app {

Setup::Setup() {
  models::register_all_models(registry_);
  io::declare_kernel_schema(schema_, registry_.names(), partition::partitioner_names());
  for (const auto& entry : registry_.entries()) entry.declare_schema(schema_);
}

LoadedConfig Setup::load(const std::string& file, const std::vector<std::string>& overrides) const {
  LoadedConfig loaded{io::load_config(schema_, file, io::parse_overrides(overrides)), nullptr};
  loaded.model = &registry_.find(loaded.config.get_string("simulation.model"));
  return loaded;
}

BuiltRun Setup::build(const LoadedConfig& loaded) const {
  // The model's and the kernel's semantic checks are independent: report both groups at once.
  std::vector<io::ConfigIssue> issues;
  BuiltRun run;
  try {
    run.model = loaded.model->create(loaded.config);
  } catch (const io::ConfigErrors& e) {
    issues.insert(issues.end(), e.issues().begin(), e.issues().end());
  }
  try {
    run.kernel = io::kernel_config_from(loaded.config, loaded.model->ticks_per_time_unit);
  } catch (const io::ConfigErrors& e) {
    issues.insert(issues.end(), e.issues().begin(), e.issues().end());
  }
  if (!issues.empty()) throw io::ConfigErrors(std::move(issues));
  // A model's preferred pending set is the default of both engines. In the optimistic engine the
  // time buckets cost 4 % more instructions per event than the heap (callgrind), but a
  // wall-clock A/B on a quiet machine found them 7-18 % faster on 2 ranks (docs/performance.md,
  // session 8): the instructions they add are cheaper than the cache misses they save.
  if (!loaded.config.is_set("kernel.pending_set")) {
    if (const std::optional<pdes::PendingSet> p = run.model->default_pending_set()) {
      run.kernel.pending_set = *p;
    }
  }
  if (!loaded.config.is_set("kernel.state_save_period")) {
    if (const std::optional<std::uint32_t> k = run.model->default_state_save_period()) {
      run.kernel.state_save_period = *k;
    }
  }
  if (loaded.config.is_set("kernel.lookahead")) {
    run.lookahead_origin = "kernel.lookahead";
  } else if (const std::optional<std::int64_t> l = run.model->default_lookahead_ticks()) {
    run.kernel.lookahead = pdes::SimTime{*l};
    run.lookahead_origin = "model default";
  }
  if (loaded.config.is_set("kernel.optimism_window")) {
    run.optimism_window_origin = "kernel.optimism_window";
  } else if (const std::optional<double> w = run.model->default_optimism_window()) {
    run.kernel.optimism_window = pdes::SimTime{static_cast<std::int64_t>(
        std::llround(*w * static_cast<double>(loaded.model->ticks_per_time_unit)))};
    run.optimism_window_origin = "model default";
  }
  return run;
}

void Setup::load_all_input(const BuiltRun& run) const {
  std::vector<pdes::LpId> all(run.model->partition_graph().num_lps);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = pdes::LpId{i};
  run.model->load_local_input(all);
}

}  // namespace app
