// SPDX-License-Identifier: Apache-2.0
//
// Simulation: one run of one model. No globals: several Simulations may exist and run, one
// after the other, in the same process.
//
//   pdes::KernelConfig config;                      // engine, seed, end time, knobs
//   pdes::Simulation sim(config);
//   sim.set_lp_count(n);
//   sim.set_partition(partition);                   // optional; default: one rank owns all
//   for (pdes::LpId id : sim.local_lps()) sim.add_lp(id, std::make_unique<MyLp>(...));
//   sim.set_output_sink(&sink);                     // optional
//   pdes::RunResult result = sim.run();
//
// The optimistic engine needs MPI to be initialised by the caller (MPI_COMM_WORLD is used);
// the sequential and rollback-check engines run on one rank without MPI.
#pragma once

#include <cstdint>
#include <memory>
#include <typeindex>
#include <vector>

#include "pdes/checkpoint.hpp"
#include "pdes/error.hpp"
#include "pdes/internal/lp_runtime.hpp"
#include "pdes/kernel_config.hpp"
#include "pdes/output_sink.hpp"
#include "pdes/partitioner.hpp"
#include "pdes/progress.hpp"
#include "pdes/statistics.hpp"

namespace pdes {

namespace internal {
class RecordLog;
/// Everything an engine needs to run: built by Simulation, consumed by one engine.
struct ModelInstance {
  KernelConfig config;
  std::uint64_t num_lps = 0;
  Partition partition;
  int rank = 0;
  /// Local LPs in increasing id order.
  std::vector<std::unique_ptr<LpRuntime>> lps;
  /// LpId::value() -> index into `lps`, or -1 when the LP lives on another rank.
  std::vector<std::int32_t> local_index;
  /// The local LP `id`, or nullptr if it is out of range or on another rank. Reads only the
  /// two tables, not the LP (the engines use it to prefetch the LP).
  LpRuntime* local_lp(LpId id) const {
    if (id.value() >= num_lps) return nullptr;
    const std::int32_t index = local_index[id.value()];
    return index < 0 ? nullptr : lps[static_cast<std::size_t>(index)].get();
  }
  std::vector<std::type_index> payload_types;
  std::size_t max_payload_size = 0;
  OutputSink* sink = nullptr;
  ProgressObserver* progress = nullptr;
  /// Checkpoints are on when set; `sink` then points at `record_log`, which keeps the
  /// committed records for them and forwards each to the model's sink.
  Checkpointer* checkpointer = nullptr;
  RecordLog* record_log = nullptr;
};
}  // namespace internal

class Simulation {
 public:
  explicit Simulation(const KernelConfig& config);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  const KernelConfig& config() const { return model_.config; }
  int rank() const { return model_.rank; }
  int num_ranks() const { return num_ranks_; }

  /// Declares the total number of LPs (ids 0 .. n-1). Call once, first.
  void set_lp_count(std::uint64_t n);
  std::uint64_t lp_count() const { return model_.num_lps; }
  /// Sets the LP -> rank map; its rank count must equal num_ranks(). Default: block partition.
  void set_partition(Partition partition);
  const Partition& partition() const { return model_.partition; }
  bool is_local(LpId id) const;
  /// This rank's LPs, in increasing id order.
  std::vector<LpId> local_lps() const;

  /// Adds local LP `id`. Every local LP must be added before run().
  template <class LP>
  void add_lp(LpId id, std::unique_ptr<const LP> lp) {
    using Payload = typename LP::PayloadType;
    const std::uint32_t type = payload_type_index(typeid(Payload), sizeof(Payload));
    add_runtime(std::make_unique<internal::TypedLpRuntime<LP>>(id, type, std::move(lp)));
  }

  void set_output_sink(OutputSink* sink) { model_.sink = sink; }
  void set_progress_observer(ProgressObserver* observer) { model_.progress = observer; }
  /// Turns checkpoints on (pdes/checkpoint.hpp): the engine polls it, writes images through
  /// it, and resumes from its restart image if it has one. Sequential and optimistic engines.
  void set_checkpointer(Checkpointer* checkpointer) { model_.checkpointer = checkpointer; }

  /// Throws ConfigError if run() would refuse to start on this rank (no LPs, a local LP not
  /// added, run already called): lets a caller agree on it with the other ranks before run(),
  /// whose refusal on one rank alone would leave the others waiting in the engine.
  void check_ready() const;
  /// Runs to termination. Call once per Simulation. Collective over ranks for the optimistic
  /// engine.
  RunResult run();

 private:
  std::uint32_t payload_type_index(const std::type_info& type, std::size_t size);
  void add_runtime(std::unique_ptr<internal::LpRuntime> runtime);

  internal::ModelInstance model_;
  std::unique_ptr<internal::RecordLog> record_log_;
  int num_ranks_ = 1;
  std::uint64_t lps_added_ = 0;
  bool ran_ = false;
};

}  // namespace pdes
