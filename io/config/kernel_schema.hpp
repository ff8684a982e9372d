// SPDX-License-Identifier: Apache-2.0
//
// The [simulation] and [kernel] sections, and their translation into pdes::KernelConfig.
//
// [simulation]: name, model, engine, partitioner, seed, end_time, max_events — what to run, how
//   to spread it over ranks, and for how long.
// [kernel]: batch_size, gvt_interval, optimism_window, lookahead, event_memory_limit,
//   state_save_period, uncommitted_limit, forced_rollback_probability, progress_interval,
//   pending_set — the Time Warp knobs.
// Defaults come from a default-constructed pdes::KernelConfig, the single source of truth.
//
// Each model's own section, [<model name>] (and the sections inside it), is active only while
// simulation.model names that model: a [phold] section in a run of another model is an error.
//
//   io::Schema schema;
//   io::declare_kernel_schema(schema, {"phold", "network"});
//   ... models declare their keys ...
//   const io::Config config = io::load_config(schema, file, overrides);
//   const pdes::KernelConfig kernel = io::kernel_config_from(config, 1'000'000);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/config/config.hpp"
#include "pdes/kernel_config.hpp"

namespace io {

/// Declares [simulation] and [kernel]. simulation.model is a required choice over `model_names`
/// (not empty; std::logic_error otherwise); simulation.partitioner a choice over
/// `partitioner_names` (the first is the default; io/ does not depend on partition/, so the
/// caller passes partition::partitioner_names()).
void declare_kernel_schema(Schema& schema, const std::vector<std::string>& model_names,
                           const std::vector<std::string>& partitioner_names = {"block"});

/// The kernel settings of `config` (declared by declare_kernel_schema). Times in model time units
/// become ticks: value * ticks_per_time_unit, rounded to the nearest tick; optimism_window = inf
/// becomes SimTime::max(). Throws io::ConfigErrors if a time does not fit in int64 ticks (or
/// rounds to 0), and std::logic_error if ticks_per_time_unit < 1.
pdes::KernelConfig kernel_config_from(const Config& config, std::int64_t ticks_per_time_unit);

}  // namespace io
