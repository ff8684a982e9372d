// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/time_warp_engine.hpp"

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <thread>

#include "pdes/internal/engines.hpp"
#include "pdes/internal/finish_lps.hpp"
#include "pdes/internal/run_error.hpp"
#include "pdes/journaled_deque.hpp"

namespace pdes::internal {

namespace {

/// Rounds in a row a rank may stay over its memory limit, not speculating, before the run
/// stops: enough for a slow rank to let GVT catch up, few enough not to crawl for long.
constexpr std::uint32_t kMaxOverLimitRounds = 64;

/// The default bound on uncommitted events (events above GVT) on a rank, beyond which it stops
/// speculating until GVT catches up (kernel.uncommitted_limit = 0): this many batches, or, when
/// an optimism window bounds speculation, this many events per local LP if that is more. Ranks
/// that share cores with other work are descheduled for milliseconds; without a bound the
/// others run far ahead and roll most of it back (PHOLD with all events remote fell to 23 %
/// efficiency when the bound grew with gvt_interval, so it does not). With a window the events
/// a rank may run ahead grow with its LPs: a fixed 4,096 events (the bound until session 9)
/// held the ranks of a 64x64 torus 15 % of their time on a quiet machine, and those of a 32x32
/// torus about half of it on a loaded one (docs/performance.md, session 9).
constexpr std::uint64_t kThrottleBatches = 256;
constexpr std::uint64_t kThrottleEventsPerLp = 16;

/// Fossil collection runs after this many GVT periods of executed events (and whenever a
/// bound is reached or the run ends). GVT rounds stay frequent for the bounds and for
/// termination, but each LP then commits several events per visit: with thousands of LPs per
/// rank, collecting every round would visit each LP for about one event.
constexpr std::uint64_t kCollectPeriods = 8;

/// With channel clocks (kernel.safe_time = channel_clocks) rounds are needed only to commit
/// speculative events and to stop: a rank asks for one after this many gvt_interval periods
/// of events (or when the throttle or the memory limit holds it), and every round collects.
/// At one period, as with rounds, the 32x32 torus at 0.1 on 2 ranks still ran 1.6 rounds per
/// cycle (loaded machine), its speculative events filling the period. (A round whenever the
/// uncommitted events reached a quarter of the throttle's bound ran 3 per cycle there: the
/// speculative events inside the optimism window alone are about that many.)
constexpr std::uint64_t kChannelPeriods = 16;

std::string mib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

std::string describe_event(const EventKey& key, LpId dest) {
  return "LP " + std::to_string(dest.value()) + ", event at time " +
         std::to_string(key.time.ticks()) + " from LP " + std::to_string(key.sender.value()) +
         " (sequence " + std::to_string(key.sequence) + ")";
}

}  // namespace

void validate_optimistic_config(const KernelConfig& c) {
  if (c.batch_size < 1) throw ConfigError("kernel.batch_size", "must be at least 1");
  if (c.gvt_interval < 1) throw ConfigError("kernel.gvt_interval", "must be at least 1");
  if (c.gvt_safe_discount < 1) {
    throw ConfigError("kernel.gvt_safe_discount",
                      "must be at least 1 (safe events counted as one event each), got 0");
  }
  if (c.state_save_period < 1) throw ConfigError("kernel.state_save_period", "must be at least 1");
  if (c.optimism_window < SimTime{1}) {
    throw ConfigError("kernel.optimism_window",
                      "must be at least one tick, got " +
                          std::to_string(c.optimism_window.ticks()) +
                          " ticks; a zero window would let no event run, not even the one at "
                          "GVT (use inf for no bound)");
  }
  if (c.event_memory_limit_bytes == 0) {
    throw ConfigError("kernel.event_memory_limit", "must be positive");
  }
  if (!(c.forced_rollback_probability >= 0.0 && c.forced_rollback_probability < 1.0)) {
    throw ConfigError("kernel.forced_rollback_probability", "must lie in [0, 1)");
  }
}

TimeWarpEngine::TimeWarpEngine(ModelInstance& model)
    : model_(model),
      config_(model.config),
      state_(model),
      fossils_(state_),
      forced_(model.config.forced_rollback_probability, model.config.seed, model.rank),
      prefetch_switch_(model.config.prefetch) {
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  // Payload type indices travel with kFinalSend in their top bit (mpi_transport.hpp).
  PDES_CHECK(model.payload_types.size() < MpiTransport::kFinalSend,
             std::to_string(model.payload_types.size()) + " payload types collide with "
             "MpiTransport::kFinalSend");
  transport_ = std::make_unique<MpiTransport>(comm_, model.max_payload_size);
  gvt_ = std::make_unique<GvtManager>(comm_, *transport_, config_.lookahead);
  rollbacks_ = std::make_unique<RollbackManager>(state_, *transport_);
  exec_.seed = config_.seed;
  exec_.services = this;
  // On one rank every event runs in key order and nothing can arrive from elsewhere: no event
  // can ever be rolled back, so each is committed as it runs and no state is saved. Forced
  // rollbacks need the history, so they turn this off.
  final_execution_ = size_ == 1 && !forced_.active();
  // Forced rollbacks keep above the safe time (force_rollback), so safe events and forced
  // rollbacks mix; on one rank, where nothing arrives, there is nothing to run safe.
  safe_execution_ = size_ > 1 && config_.lookahead > SimTime::zero();
  // A test aid, with forced rollbacks only (runs without them start at once): no rank runs
  // anything before the first GVT round has ended. That round finds every rank at its first
  // event, so the rank holding the smallest one runs it safe, and the run has both safe events
  // and rollbacks however its ranks are scheduled (cmake/determinism_check.py requires both).
  // after_round() opens the window.
  if (safe_execution_ && forced_.active()) {
    window_end_ = SimTime{std::numeric_limits<SimTime::rep>::min()};
    window_open_ = false;
  }
  channel_clocks_ = safe_execution_ && config_.safe_time == SafeTimeMode::channel_clocks;
  if (channel_clocks_) {
    // Every event sent between ranks lands at least a lookahead after time zero: that much is
    // promised before any message (time_warp_channel_clocks.cpp).
    held_.assign(static_cast<std::size_t>(size_), config_.lookahead);
    held_[static_cast<std::size_t>(rank_)] = SimTime::max();
    wants_promise_.assign(static_cast<std::size_t>(size_), 0);
    state_.safe_until = config_.lookahead;
  }
  round_period_ = std::uint64_t{config_.batch_size} * config_.gvt_interval;
  period_outside_rounds_ = safe_execution_ && !config_.gvt_period_counts_in_round;
  lagging_ = config_.test_lag_microseconds > 0 && size_ > 1 && rank_ == size_ - 1;
  // With an optimism window the window bounds speculation and the throttle only guards against
  // descheduled ranks; without one the throttle is the only bound and stays tight (PHOLD with
  // every event remote: 99.9 % efficient at 4,096, 64-79 % at 16,384).
  const std::uint64_t batches = kThrottleBatches * config_.batch_size;
  throttle_limit_ = config_.uncommitted_limit != 0 ? config_.uncommitted_limit
                    : config_.optimism_window == SimTime::max()
                        ? batches
                        : std::max(batches, kThrottleEventsPerLp * state_.lps.size());
  collect_period_ = kCollectPeriods * round_period_;
  if (channel_clocks_) {
    round_period_ *= kChannelPeriods;
    collect_period_ = 0;
  }
}

TimeWarpEngine::~TimeWarpEngine() {
  rollbacks_.reset();
  gvt_.reset();
  transport_.reset();
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized == 0 && comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

// --- services for handlers ----------------------------------------------------------------

void TimeWarpEngine::send_event(const EventHeader& header, const void* payload) {
  PDES_CHECK(header.dest.value() < model_.num_lps,
             "LP " + std::to_string(header.key.sender.value()) + " sent an event to LP " +
                 std::to_string(header.dest.value()) + ", but the model has only " +
                 std::to_string(model_.num_lps) + " LPs");
  // Delivered at once: if the handler throws later, the sends are in its event's lists and
  // are cancelled like those of a rolled-back event.
  if (state_.is_local(header.dest)) {
    TwEvent* event = state_.pool.allocate();
    event->header = header;
    std::memcpy(event->payload(), payload, header.payload_size);
    if (mode_ == Mode::speculative) current_->add_local_child(event);
    if (mode_ == Mode::init || final_execution_) {
      state_.pending.push(event, header.key);  // nothing has run out of order: no straggler
    } else {
      // A safe event's sends are never cancelled, but they may still be stragglers: its LP
      // can run behind others that a rollback left ahead of it.
      rollbacks_->deliver(event, header.key);
    }
  } else {
    if (header.key.time - header.send_time < config_.lookahead) [[unlikely]] {
      throw_short_delay(header);
    }
    // A send of an execution that no rollback can undo is never cancelled: the receiver need
    // not index it for an anti-message (MpiTransport::kFinalSend).
    transport_->send_event(state_.rank_of(header.dest), header, payload,
                           mode_ != Mode::speculative);
    ++state_.stats.remote_events;
    if (mode_ == Mode::speculative) current_->add_remote_sent(header.key, header.dest);
  }
}

void TimeWarpEngine::emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                                 std::size_t size) {
  if (mode_ == Mode::speculative) {
    current_->add_record(kind, time, bytes, size);
  } else if (model_.sink != nullptr) {
    model_.sink->write(Record{kind, lp, time, {static_cast<const std::byte*>(bytes), size}});
  }
}

// --- the run ------------------------------------------------------------------------------

void TimeWarpEngine::init_lps() {
  mode_ = Mode::init;
  for (OptimisticLp& lp : state_.lps) {
    LpRuntime& runtime = lp.runtime();
    exec_.now = SimTime::zero();
    exec_.self = lp.id();
    exec_.clock = &runtime.clock();
    exec_.payload_type = runtime.payload_type();
    runtime.init(exec_);
  }
  mode_ = final_execution_ ? Mode::final : Mode::speculative;
}

RunResult TimeWarpEngine::run() {
  start_ = std::chrono::steady_clock::now();
  next_progress_ = start_;
  Stop stop = Stop::none;
  try {
    stop = main_loop();
    transport_->drain();
  } catch (const std::exception& e) {
    // The GVT or termination protocol itself failed (errors of the model and of the limits
    // are caught closer and reported through GVT): the other ranks cannot be told.
    if (size_ == 1) throw;
    std::fprintf(stderr, "warpnet: the optimistic engine failed on rank %d: %s\n", rank_, e.what());
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  if (rank_ == 0 && model_.progress != nullptr) model_.progress->on_finish();
  if (stop == Stop::error) raise_error();
  RunResult result = gather_result(stop);
  // Every processed event is committed by now (GVT passed end_time, or no event is left),
  // except after an event-limit stop, where LPs may have run past the last committed event.
  // A run stopped at a checkpoint is not over: on_finish runs when it ends, after a restart.
  mode_ = Mode::final;
  if (stop != Stop::checkpointed) finish_lps(model_, exec_, finish_time(config_, result));
  return result;
}

TimeWarpEngine::Stop TimeWarpEngine::main_loop() {
  try {
    start_lps();
  } catch (...) {
    set_fatal(std::current_exception());
  }
  mode_ = final_execution_ ? Mode::final : Mode::speculative;
  transport_->flush();
  prefetch_switch_.begin();

  for (;;) {
    // After a batch of safe events only, and outside a GVT round, every other pass skips the
    // receive test: nothing that arrives can be a straggler for them (a later speculative event
    // meets it one pass late at worst), and each test runs Open MPI's progress engine. PHOLD on
    // 2 ranks: +2 % at 10 and 25 % remote events (performance.md, session 11). During a round
    // every pass receives and tests the round's request: the round waits for its epoch's
    // messages and for both collectives, and the sooner it ends the more events run safe
    // (32x32 torus on 2 ranks: rounds 15.0 -> 10.6 us, safe share 90 -> 93 %; session 12).
    const bool poll_now = !last_batch_safe_ || gvt_->in_round() || (loop_passes_ & 1) == 0;
    try {
      if (poll_now) {
        transport_->poll(
            [this](const EventHeader& header, const void* payload, bool final) {
              receive(header, payload, final);
            },
            [this](const EventHeader& next) {
              state_.remote_index.prefetch(next.key.sender, next.key.sequence);
              state_.pool.prefetch_next();
            },
            [this](int source, SimTime promise, std::uint16_t flags, std::uint32_t epoch) {
              if (channel_clocks_) take_promise(source, promise, flags, epoch);
            });
      }
    } catch (...) {
      set_fatal(std::current_exception());
    }
    if (!gvt_->in_round() && round_due()) {
      gvt_->start();
      since_round_ = 0;
      if (channel_clocks_) announce_round();
    }
    ++loop_passes_;
    if (gvt_->in_round() && gvt_->poll([this] { return contribution(); })) {
      const Stop stop = after_round(gvt_->result());
      if (stop != Stop::none) {
        account_wait(Wait::none);
        return stop;
      }
      continue;
    }
    std::size_t executed = 0;
    try {
      executed = execute_batch();
    } catch (...) {
      set_fatal(std::current_exception());
    }
    if (channel_clocks_ && !fatal_) exchange_promises();
    transport_->flush_if_due(executed == 0);
    if (lagging_ && executed > 0 && ++lag_batches_ % config_.gvt_interval == 0) {
      std::this_thread::sleep_for(std::chrono::microseconds(config_.test_lag_microseconds));
    }
    if (size_ > 1) {
      account_wait(executed == 0 ? why_idle() : Wait::none);
      if (executed == 0) sched_yield();  // idle: let oversubscribed ranks run
    }
  }
}

TimeWarpEngine::Wait TimeWarpEngine::why_idle() {
  // The same tests as next_executable(), in its order.
  const TwEvent* event = state_.pending.top();
  if (fatal_ || event == nullptr || event->header.key.time >= config_.end_time) {
    return Wait::starved;
  }
  const SimTime time = event->header.key.time;
  if (time >= window_end_ || time >= barrier_) return Wait::window;
  return Wait::throttled;
}

void TimeWarpEngine::account_wait(Wait next) {
  if (waiting_ == Wait::none && next == Wait::none) return;  // busy: no clock read
  const auto now = std::chrono::steady_clock::now();
  if (waiting_ != Wait::none) {
    const double seconds = std::chrono::duration<double>(now - wait_since_).count();
    EngineStatistics& stats = state_.stats;
    switch (waiting_) {
      case Wait::window: stats.wait_window_seconds += seconds; break;
      case Wait::starved: stats.wait_starved_seconds += seconds; break;
      case Wait::throttled: stats.wait_throttled_seconds += seconds; break;
      case Wait::none: break;
    }
  }
  waiting_ = next;
  wait_since_ = now;
}

void TimeWarpEngine::receive(const EventHeader& header, const void* payload, bool final) {
  if (fatal_) return;  // the run is stopping; the message still counted for GVT
  PDES_CHECK(header.dest.value() < model_.num_lps && state_.is_local(header.dest),
             "rank " + std::to_string(rank_) + " received an event for LP " +
                 std::to_string(header.dest.value()) + ", which it does not own");
  // What made events below state_.safe_until final: nothing can arrive below it (gvt_manager.hpp).
  PDES_CHECK(!(header.key.time < state_.safe_until),
             "received " +
                 std::string(header.payload_type == MpiTransport::kAntiMessage ? "an anti-message"
                                                                             : "an event") +
                 " below the safe time " + std::to_string(state_.safe_until.ticks()) + ": " +
                 describe_event(header.key, header.dest));
  if (header.payload_type == MpiTransport::kAntiMessage) {
    TwEvent* event = state_.remote_index.find(header.key.sender, header.key.sequence);
    PDES_CHECK(event != nullptr && event->header.key == header.key,
               "anti-message for an unknown event: " + describe_event(header.key, header.dest));
    state_.remote_index.erase(event);
    event->remote_origin = false;
    rollbacks_->cancel(event);
    return;
  }
  PDES_CHECK(header.payload_size <= model_.max_payload_size, "oversized event payload");
  TwEvent* event = state_.pool.allocate();
  event->header = header;
  std::memcpy(event->payload(), payload, header.payload_size);
  // Only an event that an anti-message may still cancel is indexed for one.
  if (!final) {
    event->remote_origin = true;
    state_.remote_index.insert(event);
  }
  rollbacks_->deliver(event, header.key);
}

TwEvent* TimeWarpEngine::next_executable() {
  TwEvent* event = state_.pending.top();
  if (event == nullptr) return nullptr;
  const SimTime time = event->header.key.time;
  if (time >= config_.end_time || time >= window_end_ || time >= barrier_) return nullptr;
  // Out of memory or too far ahead, a rank runs only the event at GVT, which no rollback can
  // undo, until the next GVT round.
  if ((memory_blocked_ || throttled_) && !(event->header.key == gvt_key_)) return nullptr;
  return event;
}

bool TimeWarpEngine::round_due() {
  if (fatal_ || memory_blocked_ || throttled_ || since_round_ >= round_period_) return true;
  const TwEvent* next = next_executable();
  if (channel_clocks_) {
    // The safe time comes from promises, so a next event that is not safe asks for promises
    // (exchange_promises), not for a round. The first round starts at once: its safe time
    // lifts every held promise from the lookahead (a restart begins far beyond it). A round
    // another rank has started is joined at once: with rounds this rare, a rank running safe
    // events would otherwise fill its period long after the other, which meanwhile piles up
    // uncommitted events until the throttle holds it (mesh example, 2 ranks, loaded machine:
    // 18 % of the ranks' time throttled).
    if (gvt_->rounds() == 0 || round_wanted_) return true;
    if (next != nullptr) return false;
    // Nothing may run. Only when the optimism window alone holds the next event back (the
    // window follows the safe time here) do promises move it; anything else needs a round.
    const TwEvent* top = state_.pending.top();
    const bool window_only = window_open_ && top != nullptr && !fatal_ &&
                             top->header.key.time < config_.end_time &&
                             top->header.key.time < barrier_ &&
                             !(top->header.key.time < window_end_);
    return !window_only;
  }
  // With a lookahead, a rank whose next event is no longer safe asks for a round at once:
  // the new safe time may cover it, and a round costs less than speculating.
  // On a 32x32 torus at 0.1 on 2 ranks this took safe events from 80-85 % to 94 % of the
  // committed ones, for 5 % more rounds (performance.md, session 10).
  return next == nullptr || (safe_execution_ && !(next->header.key.time < state_.safe_until));
}

std::size_t TimeWarpEngine::execute_batch() {
  if (fatal_) return 0;
  std::size_t executed = 0;
  const std::uint64_t safe_before = state_.stats.events_safe;
  while (executed < config_.batch_size) {
    TwEvent* event = next_executable();
    if (event == nullptr) break;
    state_.pending.pop();
    state_.pending.prefetch_top();
    execute(event);
    if (prefetch_switch_.on()) prefetch_next_lp();
    ++executed;
    // The chunks include the polls and GVT rounds between batches, alike for both modes.
    if ((++switch_events_ & (PrefetchSwitch::kChunkEvents - 1)) == 0) prefetch_switch_.end_chunk();
  }
  // Safe events count 1 / gvt_safe_discount each towards the next GVT round: they leave
  // nothing to commit and nothing to bound, and a rank that runs out of them asks for a round
  // anyway (round_due), one round per lookahead step. Counted in full, they took PHOLD to
  // 38,500 rounds on 2 ranks (10 M events per rank) and the 32x32 torus to 50,700 (6,000
  // cycles); a quarter each (session 11) to 10,000 and 19,400, at the same share of safe
  // events (performance.md, session 11); a 64th each (session 13) leaves the rounds the
  // lookahead steps and the speculative events need (scaling.md, "GVT rounds per cycle").
  const std::uint64_t safe = state_.stats.events_safe - safe_before;
  // kernel.gvt_period = outside_rounds: with safe events, the speculative events run while a
  // round is in flight do not count (KernelConfig::gvt_period_counts_in_round): that round
  // already bounds them, and a rank that speculated past the new safe time asks for the next
  // round at once anyway. Counted, they start a second round per cycle on the 32x32 torus, in
  // the middle of the ranks' safe events (scaling.md, "GVT rounds per cycle").
  if (!(period_outside_rounds_ && gvt_->in_round())) since_round_ += executed - safe;
  if (safe > 0) {
    safe_credit_ += safe;
    since_round_ += safe_credit_ / config_.gvt_safe_discount;
    safe_credit_ %= config_.gvt_safe_discount;
  }
  last_batch_safe_ = executed > 0 && safe == executed;
  since_collect_ += executed;
  if (executed > 0) {
    if (state_.memory_in_use() > config_.event_memory_limit_bytes) memory_blocked_ = true;
    if (state_.uncommitted > throttle_limit_) throttled_ = true;
  }
  return executed;
}

void TimeWarpEngine::prefetch_next_lp() const {
  const PendingSet& pending = state_.pending;
  if (!pending.knows_next_events()) {
    // The heap knows only its top. The next event's block was requested when this one
    // started; by now it has arrived, so its destination can be read and that LP's lines
    // requested while the heap is sifted.
    const TwEvent* next = pending.peek();
    if (next == nullptr) return;
    const LpRuntime* runtime = model_.local_lp(next->header.dest);
    if (runtime == nullptr) return;
    __builtin_prefetch(&state_.lps[state_.index_of(next->header.dest)]);
    prefetch(runtime, 2 * kCacheLineBytes);
    return;
  }
  // With buckets the order of the next events is known: the sequential engine's pipeline
  // (sequential_engine.cpp). The block of the event three pops ahead was requested by the
  // queue; its LP's history and runtime object are requested now, and the next two events'
  // LPs are asked for the lines their handlers will touch (LogicalProcess::prefetch).
  const auto target = [this](const TwEvent* event) -> const LpRuntime* {
    const LpRuntime* runtime = event == nullptr ? nullptr : model_.local_lp(event->header.dest);
    return runtime != nullptr && runtime->payload_type() == event->header.payload_type ? runtime
                                                                                       : nullptr;
  };
  if (const TwEvent* third = pending.peek(2)) {
    if (const LpRuntime* runtime = model_.local_lp(third->header.dest)) {
      __builtin_prefetch(&state_.lps[state_.index_of(third->header.dest)]);
      prefetch(runtime, 3 * kCacheLineBytes);
    }
  }
  // The LP's history line was requested at the third stage. A state save into the snapshot
  // ring writes a slot last used a whole ring's turn ago: its object is fetched one event
  // ahead, what it points to once that has arrived (LpRuntime::prefetch_snapshot_slot).
  const auto stage = [this](const TwEvent* event, const LpRuntime* runtime, PrefetchStage at) {
    runtime->prefetch(event->payload(), at);
    const OptimisticLp& lp = state_.lps[state_.index_of(event->header.dest)];
    // A safe event saves no state (an LP that ran only safe events has no history, so its
    // save would look due).
    if (!(event->header.key.time < state_.safe_until) && lp.uses_snapshot_ring() &&
        lp.snapshot_due(config_.state_save_period)) {
      runtime->prefetch_snapshot_slot(at);
    }
  };
  if (const TwEvent* second = pending.peek(1); const LpRuntime* runtime = target(second)) {
    stage(second, runtime, PrefetchStage::kEarly);
  }
  if (const TwEvent* next = pending.peek(0); const LpRuntime* runtime = target(next)) {
    stage(next, runtime, PrefetchStage::kLate);
  }
}

void TimeWarpEngine::execute(TwEvent* event) {
  // The runtime object comes from the model's dense table, not through the OptimisticLp: both
  // lines are then requested at once instead of one after the other.
  const std::size_t index = state_.index_of(event->header.dest);
  LpRuntime& runtime = *model_.lps[index];
  OptimisticLp& lp = state_.lps[index];
  PDES_CHECK(event->header.payload_type == runtime.payload_type(),
             "LP " + std::to_string(event->header.key.sender.value()) + " sent LP " +
                 std::to_string(event->header.dest.value()) +
                 " an event of a payload type that LP does not handle");
  if (final_execution_) {
    run_and_commit(lp, runtime, event);
    return;
  }
  // Most runs never fail a handler: the rank's list of failed LPs, which is in the caches,
  // spares each event a load of its LP's cold LpExtras.
  if (LpFailure* failure = state_.failed.empty() ? nullptr : lp.failure()) {
    if (!(event->header.key < failure->key)) {
      rollbacks_->park(lp, event);
      return;
    }
    rollbacks_->clear_failure(lp);  // an earlier event changes what the failed one will see
  }
  if (event->header.key.time < state_.safe_until) {
    execute_safe(lp, runtime, event);
    return;
  }
  lp.begin(event, lp.snapshot_due(config_.state_save_period));
  if (event->header.key.time > max_executed_) max_executed_ = event->header.key.time;
  if (state_.executed_bound < event->header.key) state_.executed_bound = event->header.key;
  ++state_.uncommitted;
  state_.list(lp);

  exec_.now = event->header.key.time;
  exec_.self = event->header.dest;
  exec_.clock = &runtime.clock();
  exec_.payload_type = runtime.payload_type();
  current_ = &lp;
  try {
    runtime.execute(event->payload(), exec_);
  } catch (...) {
    current_ = nullptr;
    rollbacks_->undo_failed_execution(lp, event, std::current_exception());
    return;
  }
  current_ = nullptr;
  ++state_.stats.events_processed;
  if (forced_.active() && forced_.fire()) force_rollback(lp);
}

void TimeWarpEngine::execute_safe(OptimisticLp& lp, LpRuntime& runtime, TwEvent* event) {
  // Every event of the history is earlier than this one (a rank runs its events in key order),
  // so it is safe too: commit it now rather than at the next collection.
  PDES_CHECK(lp.last_key() == nullptr || *lp.last_key() < event->header.key,
             "a safe event below its LP's newest processed event: " +
                 describe_event(event->header.key, lp.id()) + ", newest at time " +
                 std::to_string(lp.last_key() ? lp.last_key()->time.ticks() : -1));
  if (lp.history_size() > 0) fossils_.collect_lp(lp, event->header.key);
  PDES_CHECK(lp.history_size() == 0, "a safe event's LP kept a history");
  if (state_.executed_bound < event->header.key) state_.executed_bound = event->header.key;
  if (event->remote_origin) {
    state_.remote_index.erase(event);
    event->remote_origin = false;
  }
  ++state_.stats.events_safe;
  mode_ = Mode::final;
  {
    journal::FinalWritesScope final_writes(true);  // its LP keeps no saved state
    run_and_commit(lp, runtime, event);
  }
  mode_ = Mode::speculative;
}

void TimeWarpEngine::run_and_commit(OptimisticLp& lp, LpRuntime& runtime, TwEvent* event) {
  exec_.now = event->header.key.time;
  exec_.self = event->header.dest;
  exec_.clock = &runtime.clock();
  exec_.payload_type = runtime.payload_type();
  if (exec_.now > max_executed_) max_executed_ = exec_.now;
  try {
    runtime.execute(event->payload(), exec_);
  } catch (...) {
    // No rollback can reach the event: the error is real.
    fatal_event_ = describe_event(event->header.key, lp.id());
    set_fatal(std::current_exception());
    state_.pool.release(event);
    return;
  }
  EngineStatistics& stats = state_.stats;
  ++stats.events_processed;
  if (lp.has_commit_handler) fossils_.run_commit_handler(lp, *event);
  ++stats.events_committed;
  const EventKey& key = event->header.key;
  stats.event_digest +=
      event_digest_term(key.time, event->header.dest.value(), key.sender.value(), key.sequence);
  if (key.time > state_.last_committed_time) state_.last_committed_time = key.time;
  state_.pool.release(event);
}

void TimeWarpEngine::throw_short_delay(const EventHeader& header) const {
  throw ConfigError("kernel.lookahead",
                    "LP " + std::to_string(header.key.sender.value()) + " sent LP " +
                        std::to_string(header.dest.value()) + " (on another rank) an event " +
                        std::to_string((header.key.time - header.send_time).ticks()) +
                        " ticks later, but the lookahead promises at least " +
                        std::to_string(config_.lookahead.ticks()) +
                        " ticks between ranks (kernel.lookahead, or the model's default); set "
                        "kernel.lookahead to at most that delay, or to 0 for none");
}

void TimeWarpEngine::force_rollback(OptimisticLp& lp) {
  // A straggler can only carry a key at or above GVT, and GVT only counts unprocessed events.
  // A made-up rollback must respect the same bound, including the GVT of a round in flight
  // to which this rank has already contributed: it may not reach below that contribution.
  // With safe events it may not reach below the safe time either: an event there may have
  // sent local events that already ran safe, and no straggler can reach below it.
  EventKey floor = contributed_ ? last_contribution_ : gvt_key_;
  if (safe_execution_) floor = std::max(floor, EventKey{state_.safe_until, LpId{0}, 0});
  const std::size_t back = forced_.distance(lp.uncommitted_count());
  TwEvent* target = lp.oldest();
  for (std::size_t i = lp.history_size() - back; i > 0; --i) target = target->next;
  while (target != nullptr && target->header.key < floor) target = target->next;
  if (target == nullptr) return;
  const EventKey key = target->header.key;
  rollbacks_->rollback(lp, key, RollbackCause::forced);
}

// --- GVT ----------------------------------------------------------------------------------

GvtContribution TimeWarpEngine::contribution() {
  GvtContribution c;
  if (TwEvent* top = state_.pending.top()) c.min_key = top->header.key;
  for (std::uint32_t index : state_.failed) {
    const EventKey& key = state_.lps[index].failure()->key;
    if (key < c.failure_key) c.failure_key = key;
  }
  if (c.failure_key < c.min_key) c.min_key = c.failure_key;
  c.committed = state_.stats.events_committed;
  c.fatal = static_cast<bool>(fatal_);
  c.checkpoint = checkpoint_wish();
  c.memory_throttled = memory_blocked_;
  contributed_ = true;
  last_contribution_ = c.min_key;
  return c;
}

TimeWarpEngine::Stop TimeWarpEngine::after_round(const GvtResult& result) {
  contributed_ = false;
  if (result.fatal_rank >= 0) {
    error_origin_ = result.fatal_rank;
    return Stop::error;
  }
  if (result.failure_rank >= 0 && result.failure_key == result.gvt) {
    // No event below the failed one exists anywhere: its execution was not speculative.
    error_origin_ = result.failure_rank;
    if (rank_ == error_origin_ && !fatal_) {
      for (std::uint32_t index : state_.failed) {
        OptimisticLp& lp = state_.lps[index];
        if (lp.failure()->key == result.gvt) fatal_ = lp.failure()->error;
      }
    }
    return Stop::error;
  }

  gvt_key_ = result.gvt;
  window_open_ = true;
  if (channel_clocks_) {
    // Nothing received after this round is earlier than its safe time, from any rank.
    for (SimTime& held : held_) held = std::max(held, result.safe_time);
  } else if (safe_execution_) {
    PDES_CHECK(!(result.safe_time < state_.safe_until),
               "the safe time fell from " + std::to_string(state_.safe_until.ticks()) + " to " +
                   std::to_string(result.safe_time.ticks()));
    state_.safe_until = result.safe_time;
  }
  memory_throttled_ = result.memory_throttled;
  if (memory_throttled_) ++state_.stats.memory_throttled_rounds;
  const SimTime window = config_.optimism_window;
  window_end_ = (window == SimTime::max() || gvt_key_.time > SimTime::max() - window)
                    ? SimTime::max()
                    : gvt_key_.time + window;
  if (channel_clocks_) raise_safe_time();
  Stop stop = Stop::none;
  if (gvt_key_ == kMaxEventKey) {
    stop = Stop::no_more_events;
  } else if (gvt_key_.time >= config_.end_time) {
    stop = Stop::end_time;
  } else if (config_.max_events != 0 && result.committed >= config_.max_events) {
    stop = Stop::event_limit;
  }
  const bool pressed = state_.uncommitted > throttle_limit_ ||
                       state_.memory_in_use() > config_.event_memory_limit_bytes;
  if (stop != Stop::none || pressed || since_collect_ >= collect_period_) {
    since_collect_ = 0;
    try {
      fossils_.collect(gvt_key_);
    } catch (...) {
      set_fatal(std::current_exception());
      return Stop::none;
    }
  }
  throttled_ = state_.uncommitted > throttle_limit_;
  if (stop == Stop::none) check_memory();
  // Every rank takes this path for the same rounds (its collectives must match), even one
  // whose own error is not yet known to the others: the next round stops them all.
  if (stop == Stop::none) {
    try {
      stop = advance_checkpoint(result);
    } catch (...) {
      set_fatal(std::current_exception());
      return Stop::none;
    }
  }
  report_progress(result.committed, stop != Stop::none);
  return stop;
}

void TimeWarpEngine::check_memory() {
  const std::uint64_t limit = config_.event_memory_limit_bytes;
  const std::uint64_t used = state_.memory_in_use();
  if (used <= limit) {
    memory_blocked_ = false;
    over_limit_rounds_ = 0;
    return;
  }
  memory_blocked_ = true;
  ++over_limit_rounds_;
  const bool hopeless = state_.uncommitted == 0;
  if (!hopeless && over_limit_rounds_ < kMaxOverLimitRounds) return;
  std::string message =
      "out of event memory: " + mib(used) + " in use after fossil collection (" +
      std::to_string(state_.pool.live_events()) + " events, " + mib(state_.saved_state_bytes) +
      " of saved LP states, " + std::to_string(state_.uncommitted) +
      " events not yet committed), but kernel." + "event_memory_limit allows " + mib(limit) + ". ";
  message += hopeless ? "The events waiting to run alone need more than that: raise "
                        "kernel.event_memory_limit."
                      : "Raise kernel.event_memory_limit, or bound optimism with a smaller "
                        "kernel.optimism_window.";
  set_fatal(std::make_exception_ptr(ResourceError(message)));
}

void TimeWarpEngine::set_fatal(std::exception_ptr error) {
  if (!fatal_) fatal_ = std::move(error);
}

void TimeWarpEngine::report_progress(std::uint64_t committed, bool force) {
  if (rank_ != 0 || model_.progress == nullptr || config_.progress_interval_seconds <= 0.0) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && now < next_progress_) return;
  next_progress_ = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(config_.progress_interval_seconds));
  const SimTime shown = std::min(gvt_key_.time, config_.end_time);
  model_.progress->on_progress({shown, config_.end_time, committed, config_.max_events,
                                std::chrono::duration<double>(now - start_).count(),
                                memory_throttled_});
}

// --- the end ------------------------------------------------------------------------------

void TimeWarpEngine::raise_error() {
  ErrorReport report;
  if (rank_ == error_origin_) {
    report = describe_exception(fatal_);
    if (!fatal_event_.empty()) report.message = fatal_event_ + ": " + report.message;
    // Name the event when the error came from a handler.
    for (std::uint32_t index : state_.failed) {
      OptimisticLp& lp = state_.lps[index];
      if (lp.failure()->error == fatal_) {
        report.message = describe_event(lp.failure()->key, lp.id()) + ": " + report.message;
      }
    }
    if (size_ > 1) report.message = "rank " + std::to_string(rank_) + ": " + report.message;
  }
  throw_error(broadcast_error(comm_, error_origin_, report));
}

RunResult TimeWarpEngine::gather_result(Stop stop) {
  EngineStatistics stats = state_.stats;
  stats.gvt_rounds = gvt_->rounds();
  stats.promise_messages = transport_->promise_messages();
  stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  stats.peak_rss_bytes = peak_rss_bytes();

  RunResult result;
  result.num_ranks = size_;
  result.per_rank.resize(static_cast<std::size_t>(size_));
  static_assert(std::is_trivially_copyable_v<EngineStatistics>);
  MPI_Allgather(&stats, sizeof stats, MPI_BYTE, result.per_rank.data(), sizeof stats, MPI_BYTE,
                comm_);
  for (const EngineStatistics& s : result.per_rank) result.total.accumulate(s);
  std::int64_t last = state_.last_committed_time.ticks();
  std::int64_t global_last = 0;
  MPI_Allreduce(&last, &global_last, 1, MPI_INT64_T, MPI_MAX, comm_);
  result.last_event_time = SimTime{global_last};
  switch (stop) {
    case Stop::end_time:
      result.reason = TerminationReason::end_time_reached;
      break;
    case Stop::event_limit:
      result.reason = TerminationReason::event_limit_reached;
      break;
    case Stop::checkpointed:
      result.reason = TerminationReason::checkpointed;
      break;
    default:
      result.reason = TerminationReason::no_more_events;
      break;
  }
  return result;
}

RunResult run_optimistic(ModelInstance& model) {
  validate_optimistic_config(model.config);
  TimeWarpEngine engine(model);
  return engine.run();
}

}  // namespace pdes::internal
