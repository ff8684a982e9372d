// SPDX-License-Identifier: Apache-2.0
//
// Model and ModelRegistry: how the warpnet CLI finds, configures and builds a model.
//
// A model family registers one ModelEntry (register_all.cpp): its name, its configuration keys
// (declared once, in its own schema function) and a factory that turns a validated io::Config
// into a Model. The factory checks cross-key constraints and reports every problem at once
// through io::ErrorCollector. A Model describes its LPs as a graph (for the partitioner) and
// adds this rank's LPs to a Simulation.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "io/results/distributed_tables.hpp"
#include "io/results/result_set.hpp"
#include "models/figure.hpp"
#include "pdes/pdes.hpp"
#include "pdes/registry.hpp"

namespace models {

/// Collects one rank's committed output (it is the run's OutputSink) and turns it into tables.
/// The app spreads every table over the ranks (io::distribute: sorted by key and merged, each
/// rank a contiguous run of rows, no rank holds a whole table), computes summary() on every
/// rank from those slabs with collective reductions (io::DistributedTables), prints it on rank
/// 0, and writes the same slabs to the HDF5 file.
class ModelResults : public pdes::OutputSink {
 public:
  /// This rank's part of the results, after the run.
  virtual io::ResultSet local_results(const pdes::RunResult& run) const = 0;
  /// The figures of the end-of-run summary (figure.hpp). Collective: every rank calls it, and
  /// every rank gets the same figures, bit-identical whatever the rank count.
  virtual std::vector<Figure> summary(const io::DistributedTables& /*tables*/) const { return {}; }
  /// The same from combined results that this process holds whole (tests, one process).
  std::vector<Figure> summary(const io::ResultSet& combined) const {
    return summary(io::DistributedTables(combined));
  }
};

class Model {
 public:
  virtual ~Model() = default;
  /// The LPs and their expected traffic, for the partitioner. Cheap: built on every rank.
  virtual pdes::PartitionGraph partition_graph() const = 0;
  /// Reads and checks the input that only the LPs `local` need (this process's, ascending),
  /// such as a replay's trace files: after partitioning, before add_lps. Each process reads
  /// different files, so the app agrees on the outcome collectively (app/collective_errors.hpp).
  /// Throws pdes::ConfigError for bad input. Default: the model has no such input.
  virtual void load_local_input(const std::vector<pdes::LpId>& /*local*/) const {}
  /// Adds every LP of sim.local_lps() to `sim`.
  virtual void add_lps(pdes::Simulation& sim) const = 0;
  /// Model-specific rows for the end-of-run summary, after the engine's (descriptive figures).
  virtual std::vector<Figure> summary(const pdes::RunResult&) const { return {}; }
  /// The sink for this rank's committed records, or nullptr when the model has no results
  /// beyond the engine statistics.
  virtual std::unique_ptr<ModelResults> make_results() const { return nullptr; }
  /// The optimistic engine's optimism window (model time units) that suits this model, used
  /// when the configuration does not set kernel.optimism_window; nullopt: unbounded.
  virtual std::optional<double> default_optimism_window() const { return std::nullopt; }
  /// The least delay, in kernel ticks, of any event an LP of this model sends to an LP that
  /// may be on another rank, used when the configuration does not set kernel.lookahead;
  /// nullopt: none promised. The optimistic engine runs events it proves safe with it without
  /// state saving, and stops with an error at a send that breaks it.
  virtual std::optional<std::int64_t> default_lookahead_ticks() const { return std::nullopt; }
  /// The sequential engine's pending-event set that suits this model, used when the
  /// configuration does not set kernel.pending_set; nullopt: the kernel's default (calendar).
  virtual std::optional<pdes::PendingSet> default_pending_set() const { return std::nullopt; }
  /// The optimistic engine's state saving period that suits this model's states, used when the
  /// configuration does not set kernel.state_save_period; nullopt: the kernel's default.
  virtual std::optional<std::uint32_t> default_state_save_period() const { return std::nullopt; }
};

struct ModelEntry {
  std::string name;
  std::string description;
  /// Simulated time in configuration files is given in this unit...
  std::string time_unit;
  /// ...which is this many kernel ticks.
  std::int64_t ticks_per_time_unit = 1;
  /// Declares the model's keys (its own section, active when simulation.model = name).
  std::function<void(io::Schema&)> declare_schema;
  /// Validates the configuration and builds the model; throws io::ConfigErrors.
  std::function<std::unique_ptr<Model>(const io::Config&)> create;
};

class ModelRegistry : public pdes::Registry<ModelEntry> {
 public:
  ModelRegistry() : Registry("simulation.model", "model") {}
};

/// Registers every model family of warpnet, one line each.
void register_all_models(ModelRegistry& registry);

}  // namespace models
