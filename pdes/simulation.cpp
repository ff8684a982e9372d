// SPDX-License-Identifier: Apache-2.0
#include "pdes/simulation.hpp"

#include <mpi.h>

#include <string>

#include "pdes/internal/engines.hpp"
#include "pdes/internal/huge_pages.hpp"
#include "pdes/internal/record_log.hpp"

namespace pdes {

namespace {
bool mpi_initialized() {
  int initialized = 0;
  int finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  return initialized != 0 && finalized == 0;
}
}  // namespace

Simulation::Simulation(const KernelConfig& config) {
  model_.config = config;
  if (mpi_initialized()) {
    MPI_Comm_rank(MPI_COMM_WORLD, &model_.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &num_ranks_);
  }
  if (config.engine == EngineKind::optimistic && !mpi_initialized()) {
    throw ConfigError("simulation.engine",
                      "the optimistic engine needs MPI; initialise MPI before building the "
                      "Simulation (the warpnet CLI does this)");
  }
  if (config.engine != EngineKind::optimistic && num_ranks_ > 1) {
    throw ConfigError("simulation.engine",
                      "engine '" + std::string(to_string(config.engine)) + "' runs on one rank, but " +
                          std::to_string(num_ranks_) +
                          " ranks were launched; use engine = \"optimistic\" for several ranks");
  }
  if (config.end_time <= SimTime::zero()) {
    throw ConfigError("simulation.end_time", "must be positive, got " +
                                                 std::to_string(config.end_time.ticks()));
  }
}

Simulation::~Simulation() = default;

void Simulation::set_lp_count(std::uint64_t n) {
  if (model_.num_lps != 0) throw ConfigError("", "set_lp_count called twice");
  if (n == 0) throw ConfigError("", "a simulation needs at least one LP");
  if (n < static_cast<std::uint64_t>(num_ranks_)) {
    throw ConfigError("", "the model has " + std::to_string(n) + " LPs but " +
                              std::to_string(num_ranks_) +
                              " ranks were launched; use at most as many ranks as LPs");
  }
  model_.num_lps = n;
  set_partition(block_partition(n, num_ranks_));
}

void Simulation::set_partition(Partition partition) {
  if (model_.num_lps == 0) throw ConfigError("", "set_lp_count must come before set_partition");
  if (lps_added_ != 0) throw ConfigError("", "set_partition after add_lp");
  if (partition.num_ranks != num_ranks_ || partition.rank_of_lp.size() != model_.num_lps) {
    throw ConfigError("", "partition is for " + std::to_string(partition.num_ranks) +
                              " ranks and " + std::to_string(partition.rank_of_lp.size()) +
                              " LPs; the run has " + std::to_string(num_ranks_) + " ranks and " +
                              std::to_string(model_.num_lps) + " LPs");
  }
  model_.local_index.assign(model_.num_lps, -1);
  std::int32_t next = 0;
  for (std::uint64_t i = 0; i < model_.num_lps; ++i) {
    const int r = partition.rank_of_lp[i];
    if (r < 0 || r >= num_ranks_) {
      throw ConfigError("", "partition maps LP " + std::to_string(i) + " to rank " +
                                std::to_string(r) + " of " + std::to_string(num_ranks_));
    }
    if (r == model_.rank) model_.local_index[i] = next++;
  }
  model_.lps.clear();
  model_.lps.resize(static_cast<std::size_t>(next));
  model_.partition = std::move(partition);
  // Before the LPs are built: their objects and states are most of the heap.
  if (internal::HugePageHeap::wanted(model_.config.huge_pages, static_cast<std::uint64_t>(next))) {
    internal::HugePageHeap::begin();
  }
}

bool Simulation::is_local(LpId id) const {
  return id.value() < model_.num_lps && model_.local_index[id.value()] >= 0;
}

std::vector<LpId> Simulation::local_lps() const { return model_.partition.lps_of(model_.rank); }

std::uint32_t Simulation::payload_type_index(const std::type_info& type, std::size_t size) {
  const std::type_index index(type);
  for (std::size_t i = 0; i < model_.payload_types.size(); ++i) {
    if (model_.payload_types[i] == index) return static_cast<std::uint32_t>(i);
  }
  model_.payload_types.push_back(index);
  if (size > model_.max_payload_size) model_.max_payload_size = size;
  return static_cast<std::uint32_t>(model_.payload_types.size() - 1);
}

void Simulation::add_runtime(std::unique_ptr<internal::LpRuntime> runtime) {
  const LpId id = runtime->id();
  if (!is_local(id)) {
    throw ConfigError("", "add_lp(" + std::to_string(id.value()) +
                              "): the LP does not exist or belongs to another rank");
  }
  auto& slot = model_.lps[static_cast<std::size_t>(model_.local_index[id.value()])];
  if (slot) throw ConfigError("", "add_lp(" + std::to_string(id.value()) + ") called twice");
  slot = std::move(runtime);
  ++lps_added_;
  internal::HugePageHeap::refresh();
}

void Simulation::check_ready() const {
  if (ran_) throw ConfigError("", "Simulation::run called twice; build a new Simulation");
  if (model_.num_lps == 0) throw ConfigError("", "no LPs: call set_lp_count and add_lp first");
  if (lps_added_ != model_.lps.size()) {
    throw ConfigError("", "only " + std::to_string(lps_added_) + " of this rank's " +
                              std::to_string(model_.lps.size()) + " LPs were added");
  }
}

RunResult Simulation::run() {
  check_ready();
  ran_ = true;
  if (model_.checkpointer != nullptr) {
    if (model_.config.engine == EngineKind::rollback_check) {
      throw ConfigError("--checkpoint-dir",
                        "checkpoints need the sequential or the optimistic engine, not "
                        "rollback-check");
    }
    record_log_ = std::make_unique<internal::RecordLog>(model_.sink);
    model_.sink = record_log_.get();
    model_.record_log = record_log_.get();
  }
  switch (model_.config.engine) {
    case EngineKind::sequential: return internal::run_sequential(model_);
    case EngineKind::optimistic: return internal::run_optimistic(model_);
    case EngineKind::rollback_check: return internal::run_rollback_check(model_);
  }
  throw ConfigError("simulation.engine", "unknown engine");
}

}  // namespace pdes
