// SPDX-License-Identifier: Apache-2.0
//
// TimeWarpEngine: the optimistic engine (Jefferson's Time Warp) on one MPI rank.
//
// Each rank owns the LPs the partition gives it and runs their events speculatively in key
// order, batch_size events between polls of the network:
//   - an event that arrives below an LP's newest processed event rolls the LP back
//     (RollbackManager): state restored from a copy, coast-forward, anti-messages;
//   - GVT rounds (GvtManager, Mattern's algorithm) start every batch_size × gvt_interval
//     events (a safe event counting 1 / gvt_safe_discount), or at once when the rank has
//     nothing it may run or its next event is not safe (with kernel.safe_time =
//     channel_clocks the safe time comes from promises instead, and a rank whose next event is
//     not safe asks the others for newer ones: time_warp_channel_clocks.cpp); after a round every rank
//     decides, identically, whether the run is over, and every kCollectPeriods GVT periods (or
//     under pressure, or at the end) commits everything below GVT (FossilCollector);
//   - bounds: no event runs at or beyond GVT + optimism_window; a rank whose event memory
//     (event blocks + saved states) exceeds event_memory_limit_bytes, or which holds too many
//     uncommitted events (it ran far ahead of a slower rank), stops speculating until GVT
//     catches up — it then runs only the event at GVT, which no rollback can undo; a rank that
//     stays over the memory limit stops the run with a ResourceError naming
//     kernel.event_memory_limit;
//   - on one rank (no forced rollbacks) no straggler can ever arrive: every event is final, is
//     committed as it runs, and no state is saved.
//
// Errors: a handler that throws blocks its LP at that event (it may be a speculative state
// that a rollback will undo). If GVT reaches the event, the error was real. Any real error —
// a handler failure at GVT, a ResourceError, an exception in commit — is flagged in the next
// GVT round; all ranks then stop together, drain the network and throw the same pdes error
// (run_error.hpp). Only a failure of the GVT protocol itself falls back to MPI_Abort.
//
// Termination (the same decision on every rank, from the same GVT result):
//   GVT is "no event" → no_more_events; GVT time >= end_time → end_time_reached;
//   committed events summed over ranks >= max_events → event_limit_reached (approximate).
//
// Checkpoints (time_warp_checkpoint.cpp): a wish (pdes::Checkpointer::poll) rides on a GVT
// round; when the round reports one, every rank agrees on a barrier time B just above every
// event any rank has executed, runs nothing at or beyond B, waits for GVT to pass B, lets one
// more round drain the network, commits everything and writes its image — a state with no
// speculation and no message in transit, like the sequential engine's between two events.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "pdes/internal/execution_context.hpp"
#include "pdes/internal/forced_rollback.hpp"
#include "pdes/internal/fossil_collector.hpp"
#include "pdes/internal/gvt_manager.hpp"
#include "pdes/internal/mpi_transport.hpp"
#include "pdes/internal/prefetch_switch.hpp"
#include "pdes/internal/rollback_manager.hpp"
#include "pdes/internal/time_warp_rank.hpp"
#include "pdes/simulation.hpp"
#include "pdes/statistics.hpp"

namespace pdes::internal {

/// Throws ConfigError for knobs the optimistic engine cannot run with.
void validate_optimistic_config(const KernelConfig& config);

class TimeWarpEngine final : public EngineServices {
 public:
  /// Collective: duplicates MPI_COMM_WORLD.
  explicit TimeWarpEngine(ModelInstance& model);
  ~TimeWarpEngine() override;
  TimeWarpEngine(const TimeWarpEngine&) = delete;
  TimeWarpEngine& operator=(const TimeWarpEngine&) = delete;

  /// Collective. Runs to termination; on error every rank throws the same pdes error.
  RunResult run();

  void send_event(const EventHeader& header, const void* payload) override;
  void emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                   std::size_t size) override;

 private:
  enum class Stop { none, no_more_events, end_time, event_limit, error, checkpointed };
  /// Where a checkpoint stands: none wanted; executing only below the barrier until GVT passes
  /// it; one more round to drain the network.
  enum class CheckpointPhase { none, barrier, drain };

  Stop main_loop();
  void init_lps();
  /// `final`: sent by an execution no rollback can undo (MpiTransport::kFinalSend).
  void receive(const EventHeader& header, const void* payload, bool final);
  TwEvent* next_executable();
  bool round_due();
  std::size_t execute_batch();
  void execute(TwEvent* event);
  void prefetch_next_lp() const;
  /// Runs an event no straggler can reach (earlier than TimeWarpRank::safe_until) as final, after
  /// committing its LP's history, which is then all earlier still.
  void execute_safe(OptimisticLp& lp, LpRuntime& runtime, TwEvent* event);
  /// Runs `event`'s handler and commits it at once: its sends and records are final.
  void run_and_commit(OptimisticLp& lp, LpRuntime& runtime, TwEvent* event);
  void force_rollback(OptimisticLp& lp);
  [[noreturn]] void throw_short_delay(const EventHeader& header) const;
  // --- channel clocks (kernel.safe_time = channel_clocks; see time_warp_engine.cpp) --------
  /// Takes the promise at the end of a message from `source`, sent in its `epoch`, with its
  /// flags (MpiTransport::kWantsPromise: it asks for ours; kWantsRound: it started a round).
  void take_promise(int source, SimTime promise, std::uint16_t flags, std::uint32_t epoch);
  /// A round has just started here: asks the other ranks to join it at once.
  void announce_round();
  /// Raises safe_until (and the window) to the least promise held.
  void raise_safe_time();
  /// Once per loop pass: this rank's promise; promise-only messages to the ranks that asked
  /// for it, or, when this rank waits for the safe time, to every rank.
  void exchange_promises();
  GvtContribution contribution();
  Stop after_round(const GvtResult& result);
  void check_memory();
  void set_fatal(std::exception_ptr error);
  void report_progress(std::uint64_t committed, bool force);
  [[noreturn]] void raise_error();
  RunResult gather_result(Stop stop);
  // --- checkpoints (time_warp_checkpoint.cpp) ----------------------------------------------
  /// on_init for every LP, or the Checkpointer's restart image.
  void start_lps();
  /// This rank's checkpoint wish for a GVT contribution.
  std::uint32_t checkpoint_wish();
  /// After a round without a stop: advances the checkpoint phases; Stop::checkpointed when
  /// the run ends after the checkpoint it has just written.
  Stop advance_checkpoint(const GvtResult& result);
  /// Commits everything and writes this rank's image; false (on every rank) when some rank
  /// has an error instead.
  bool write_checkpoint();

  ModelInstance& model_;
  const KernelConfig& config_;
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  TimeWarpRank state_;
  std::unique_ptr<MpiTransport> transport_;
  std::unique_ptr<GvtManager> gvt_;
  std::unique_ptr<RollbackManager> rollbacks_;
  FossilCollector fossils_;
  ForcedRollback forced_;

  /// init: on_init runs (sends are final); speculative: on_event runs and its effects go into
  /// the LP's history; final: on_event runs and is committed at once (one rank).
  enum class Mode { init, speculative, final };
  Mode mode_ = Mode::init;
  bool final_execution_ = false;
  /// Whether events earlier than TimeWarpRank::safe_until run as final (a lookahead is known; forced
  /// rollbacks need every event in a history, so they turn it off).
  bool safe_execution_ = false;
  /// Safe events with the safe time from channel clocks instead of GVT rounds.
  bool channel_clocks_ = false;
  /// Per rank: the largest promise received from it (or implied by a GVT round's safe time);
  /// the own entry is SimTime::max().
  std::vector<SimTime> held_;
  std::vector<char> wants_promise_;  ///< per rank: it asked for a newer promise
  /// safe_until when this rank last asked the others for promises (one request per value).
  SimTime asked_at_ = SimTime{-1};
  /// Another rank has started a GVT round that this rank has not started yet.
  bool round_wanted_ = false;
  /// The optimism window has opened (after the first round with forced rollbacks).
  bool window_open_ = true;
  /// KernelConfig::test_lag_microseconds is on and this is the last of several ranks.
  bool lagging_ = false;
  std::uint64_t lag_batches_ = 0;  ///< batches with events, for the lag's period
  ExecutionContext exec_;
  /// Whether prefetch_next_lp runs (PHOLD with 1,024 LPs per rank: 10 % of one rank's samples
  /// went to it, its states being in the caches anyway; performance.md, session 10).
  PrefetchSwitch prefetch_switch_;
  std::uint64_t switch_events_ = 0;
  OptimisticLp* current_ = nullptr;  ///< LP whose handler is running (speculative mode)

  EventKey gvt_key_{SimTime::zero(), LpId{0}, 0};
  CheckpointPhase checkpoint_phase_ = CheckpointPhase::none;
  bool stop_after_checkpoint_ = false;
  SimTime barrier_ = SimTime::max();        ///< no event at or beyond it runs (checkpoints)
  SimTime max_executed_ = SimTime::zero();  ///< the latest time of any event executed here
  SimTime window_end_ = SimTime::max();
  std::uint64_t round_period_ = 0;  ///< events between two GVT rounds
  std::uint64_t since_round_ = 0;
  /// With safe events and KernelConfig::gvt_period_counts_in_round false: events run while a
  /// round is in flight do not count towards round_period_ (execute_batch).
  bool period_outside_rounds_ = false;
  std::uint64_t safe_credit_ = 0;  ///< safe events not yet counted towards since_round_
  std::uint64_t loop_passes_ = 0;
  bool last_batch_safe_ = false;  ///< the last batch ran events, all of them safe
  std::uint64_t collect_period_ = 0;  ///< events between two fossil collections
  std::uint64_t since_collect_ = 0;
  bool memory_blocked_ = false;
  bool memory_throttled_ = false;  ///< the last GVT round found some rank over its memory limit
  bool throttled_ = false;  ///< too many uncommitted events: wait for GVT
  std::uint64_t throttle_limit_ = 0;
  std::uint32_t over_limit_rounds_ = 0;
  std::exception_ptr fatal_;
  int error_origin_ = -1;
  std::string fatal_event_;   ///< the event whose handler raised fatal_, if any
  bool contributed_ = false;  ///< this rank's share of the round in flight is in
  EventKey last_contribution_ = kMaxEventKey;

  /// Why the rank ran nothing in the current loop pass (EngineStatistics::wait_*_seconds).
  enum class Wait { none, window, starved, throttled };
  Wait why_idle();
  /// Ends the current waiting interval, if any, and starts one for `next` (none: busy).
  void account_wait(Wait next);
  Wait waiting_ = Wait::none;
  std::chrono::steady_clock::time_point wait_since_;

  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point next_progress_;
};

}  // namespace pdes::internal
