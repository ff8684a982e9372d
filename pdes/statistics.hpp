// SPDX-License-Identifier: Apache-2.0
//
// Engine statistics in ROSS's terms, per rank and summed over ranks.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "pdes/sim_time.hpp"

namespace pdes {

struct EngineStatistics {
  std::uint64_t events_processed = 0;    ///< executions, including those later rolled back
  std::uint64_t events_committed = 0;    ///< executions that GVT made final
  /// Committed events the optimistic engine ran as final because no straggler could reach
  /// them (KernelConfig::lookahead): no state saved, committed at once.
  std::uint64_t events_safe = 0;
  std::uint64_t events_rolled_back = 0;  ///< executions undone
  std::uint64_t primary_rollbacks = 0;   ///< caused by a straggler event
  std::uint64_t secondary_rollbacks = 0; ///< caused by an anti-message
  std::uint64_t anti_messages = 0;       ///< cancellation messages sent
  std::uint64_t remote_events = 0;       ///< events sent to an LP on another rank
  std::uint64_t gvt_rounds = 0;
  /// Promise-only (null) messages sent (kernel.safe_time = channel_clocks): a rank's promise
  /// that rode on no event message.
  std::uint64_t promise_messages = 0;
  double wall_seconds = 0.0;
  std::uint64_t peak_rss_bytes = 0;      ///< peak resident memory of the process
  /// Order-independent digest of committed events: the sum (mod 2^64) of a hash of
  /// (receive time, destination LP, sender LP, sender sequence). Equal digests across engines
  /// and rank counts are the determinism check.
  std::uint64_t event_digest = 0;
  /// GVT rounds in which some rank was over kernel.event_memory_limit and ran only the event
  /// at GVT (optimistic engine): a run that crawls for lack of event memory says so.
  std::uint64_t memory_throttled_rounds = 0;
  /// Wall time a rank of the optimistic engine spent with no event it was allowed to run
  /// (summed over ranks in a total), by why: its next event lay at or beyond the optimism
  /// window (GVT + kernel.optimism_window) or a checkpoint barrier; it had no event below the
  /// end time (waiting for other ranks' events or for the run's end); the throttle or the
  /// event-memory limit held it at GVT. Where a rank's time goes when 2 ranks are not 2x.
  double wait_window_seconds = 0.0;
  double wait_starved_seconds = 0.0;
  double wait_throttled_seconds = 0.0;

  double wait_seconds() const {
    return wait_window_seconds + wait_starved_seconds + wait_throttled_seconds;
  }

  double efficiency() const {
    return events_processed == 0 ? 1.0
                                 : static_cast<double>(events_committed) /
                                       static_cast<double>(events_processed);
  }
  double committed_rate() const {
    return wall_seconds > 0.0 ? static_cast<double>(events_committed) / wall_seconds : 0.0;
  }
  /// Adds counters, digests and waiting times; wall time is the maximum, memory the sum over
  /// ranks.
  void accumulate(const EngineStatistics& other);
};

enum class TerminationReason {
  end_time_reached,     ///< the next event lies at or after end_time
  event_limit_reached,  ///< max_events committed
  no_more_events,       ///< the event list ran empty before end_time
  checkpointed,         ///< stopped after writing a checkpoint (pdes/checkpoint.hpp); resumable
};

std::string_view to_string(TerminationReason reason);

struct RunResult {
  EngineStatistics total;
  std::vector<EngineStatistics> per_rank;  ///< complete on every rank
  TerminationReason reason = TerminationReason::no_more_events;
  /// Time of the last committed event.
  SimTime last_event_time = SimTime::zero();
  int num_ranks = 1;
};

namespace internal {
/// splitmix64's finaliser: a cheap bijective mixer with good avalanche.
constexpr std::uint64_t digest_mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
}  // namespace internal

/// The digest term of one committed event (see EngineStatistics::event_digest). Inline: the
/// engines call it for every event.
constexpr std::uint64_t event_digest_term(SimTime time, std::uint64_t dest, std::uint64_t sender,
                                          std::uint64_t sequence) {
  using internal::digest_mix;
  return digest_mix(static_cast<std::uint64_t>(time.ticks()) ^
                    digest_mix(dest ^ digest_mix(sender ^ digest_mix(sequence))));
}

/// Peak resident set size of this process, in bytes.
std::uint64_t peak_rss_bytes();

}  // namespace pdes
