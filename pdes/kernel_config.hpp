// SPDX-License-Identifier: Apache-2.0
//
// KernelConfig: every knob of the kernel, as a plain struct with defaults.
//
// io/ fills it from the [simulation] and [kernel] sections of a configuration file; tests and
// benchmarks fill it directly. The defaults here are the single source of truth for the kernel's
// defaults (io/ reads them from a default-constructed KernelConfig).
#pragma once

#include <cstdint>
#include <string_view>

#include "pdes/sim_time.hpp"

namespace pdes {

enum class EngineKind {
  sequential,      ///< one rank; the reference and the fastest path on one core
  optimistic,      ///< Time Warp over MPI
  rollback_check,  ///< one rank; every event is executed, rolled back and re-executed
};

std::string_view to_string(EngineKind kind);

/// How an engine keeps its pending events (all give the same total order; speed only).
enum class PendingSet {
  heap,      ///< a 4-ary heap: any time distribution, best when it fits in the caches
  buckets,   ///< one bucket per distinct time: models whose events share a few times (networks)
  calendar,  ///< a ladder queue (rungs of time-range buckets): continuous times, any number of
             ///< pending events; the default (docs/performance.md, session 9)
};

std::string_view to_string(PendingSet set);

/// Whether an engine runs its prefetch pipeline (speed only; results are identical). `automatic`
/// times chunks of events with and without it and keeps what is faster (PrefetchSwitch), which
/// makes instruction counts and profiles vary from run to run; `on` and `off` fix the choice,
/// for measurements that must be reproducible.
enum class PrefetchMode { automatic, on, off };

std::string_view to_string(PrefetchMode mode);

/// Whether the heap that holds the LPs is backed by transparent huge pages (speed only; results
/// are identical). Off by default: on a quiet machine the 10^6-router torus ran 1.76x slower
/// with `automatic` than without, for a reason not found (no compaction stall was counted when
/// measured again, where `on` cut the CPU time 1.3x; docs/performance.md, session 18). A model of a million LPs spreads its states over gigabytes, and with 4 KiB
/// pages nearly every event then misses the TLB as well as the caches. `automatic` asks for
/// huge pages when the rank holds at least kHugePagesAutoLps LPs; `on` always, `off` never.
/// Only where the kernel gives them on request (transparent_hugepage = madvise; with `always`
/// every heap has them already).
enum class HugePagesMode { automatic, on, off };

std::string_view to_string(HugePagesMode mode);

/// How the optimistic engine learns its safe time, below which events run as final
/// (docs/optimistic-engine.md, "Safe events"; timing only, results are identical).
enum class SafeTimeMode {
  rounds,          ///< from GVT rounds: min over ranks of (unprocessed time + lookahead, ...)
  channel_clocks,  ///< from promises that ranks send each other with their messages (Chandy and
                   ///< Misra's null messages), with no round; rounds then only commit and stop
};

std::string_view to_string(SafeTimeMode mode);

/// Local LPs from which `automatic` asks for huge pages.
inline constexpr std::uint64_t kHugePagesAutoLps = 65536;

struct KernelConfig {
  EngineKind engine = EngineKind::sequential;
  /// Global seed of every LP's random stream (see Rng).
  std::uint64_t seed = 1;
  /// Events with receive time >= end_time are not executed.
  SimTime end_time = SimTime::max();
  /// Stop after this many committed events (0: no limit). A safety bound: only the sequential
  /// engine stops at exactly this event of the total order.
  std::uint64_t max_events = 0;
  /// How pending events are kept (speed only; results are identical), in the sequential and
  /// the optimistic engine. A model may propose another (the network model: buckets). The
  /// ladder beat the heap on PHOLD at 1,024 and 65,536 LPs in both engines (session 9).
  PendingSet pending_set = PendingSet::calendar;
  /// The prefetch pipeline of either engine: chosen by timing (the default), or fixed.
  PrefetchMode prefetch = PrefetchMode::automatic;
  /// Transparent huge pages for the LPs' heap: by size (the default), or fixed.
  HugePagesMode huge_pages = HugePagesMode::off;

  // --- optimistic engine ------------------------------------------------------------------
  /// Events executed between two polls of the network.
  std::uint32_t batch_size = 16;
  /// Batches between two GVT computations.
  std::uint32_t gvt_interval = 16;
  /// Safe events (run as final, docs/optimistic-engine.md) that count as one event towards
  /// gvt_interval's period. They leave nothing to commit or to bound, and a rank that runs out
  /// of them asks for a round anyway; rounds driven by them only cost time (32x32 torus on 2
  /// ranks: 4, the value until session 13, gave about 3.3 rounds per cycle).
  std::uint32_t gvt_safe_discount = 64;
  /// With a lookahead on several ranks, whether the speculative events a rank runs while a GVT
  /// round is in flight count towards gvt_interval's period (true, "all_events", the default)
  /// or not (false, "outside_rounds"). A rank waiting for a round that only the slowest rank's
  /// running out of safe events will finish speculates meanwhile; counted, those events fill
  /// the period about once per cycle on a 32x32 torus at 0.1 on 2 ranks and start a second
  /// round per cycle, in the middle of the ranks' safe events (docs/scaling.md, "GVT rounds
  /// per cycle"). Whether that round costs or pays (it also extends the safe time before the
  /// ranks reach it) was not measurable on a loaded machine, so the old rule stays the
  /// default. Speed only.
  bool gvt_period_counts_in_round = true;
  /// Where the safe time comes from, with a lookahead on several ranks: GVT rounds (rounds, a
  /// rank whose next event is not safe asks for one) or channel clocks (channel_clocks: each
  /// message carries its sender's promise, a rank that waits for one asks with a promise-only
  /// message, and rounds come only every 16 of gvt_interval's periods, for commit, memory and
  /// the end; docs/optimistic-engine.md, "Channel clocks"). Timing only.
  SafeTimeMode safe_time = SafeTimeMode::channel_clocks;
  /// No LP executes an event more than this far ahead of GVT (SimTime::max(): unbounded).
  SimTime optimism_window = SimTime::max();
  /// The least delay of any event sent between LPs on different ranks (zero: none promised).
  /// Events that GVT rounds prove no straggler can reach (earlier than the smallest
  /// unprocessed time anywhere plus this) run without state saving and are committed at once
  /// (docs/optimistic-engine.md, "Safe events"). The engine checks every event it sends to
  /// another rank against it: a shorter delay stops the run with an error.
  SimTime lookahead = SimTime::zero();
  /// Memory for pending and uncommitted events on one rank; exceeding it is a ResourceError.
  std::uint64_t event_memory_limit_bytes = std::uint64_t{1} << 30;
  /// Copy the LP state every k events (1: before every event; k > 1: coast forward on rollback).
  /// 4 is a compromise measured on PHOLD and on 4 KiB states (docs/performance.md); large
  /// states gain from 8-16.
  std::uint32_t state_save_period = 4;
  /// Events above GVT a rank may hold before it stops speculating until GVT catches up (0:
  /// the engine's default, 256 batches, or with an optimism window max(256 batches, 16 per
  /// local LP); docs/optimistic-engine.md).
  std::uint64_t uncommitted_limit = 0;
  /// Debug mode: after an event, roll the LP back with this probability (seeded by `seed`).
  double forced_rollback_probability = 0.0;
  /// Test aid: with several ranks, the last rank sleeps this many microseconds after every
  /// gvt_interval batches in which it executed events (about once per GVT round). The other ranks then run ahead of it in simulated time and
  /// its events reach them as stragglers, so rollbacks happen whatever the machine's load (the
  /// determinism tests rely on it). Results are unchanged; 0: off.
  std::uint32_t test_lag_microseconds = 0;

  // --- reporting ---------------------------------------------------------------------------
  /// Wall-clock seconds between two ProgressObserver calls (0: never).
  double progress_interval_seconds = 1.0;
};

}  // namespace pdes
