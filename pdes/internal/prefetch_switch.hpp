// SPDX-License-Identifier: Apache-2.0
//
// PrefetchSwitch: turns an engine's prefetch pipeline on or off by timing chunks of events
// with and without it (both engines; results never depend on it).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>

#include "pdes/kernel_config.hpp"

namespace pdes::internal {

/// Whether an engine's prefetch pipeline (the sequential engine's prefetch_next_lps, the
/// optimistic engine's prefetch_next_lp) runs, chosen by timing it. The pipeline
/// hides the misses of a model whose states lie far beyond the caches (64x64 mesh: 1.6x faster
/// with it), and is pure cost when they all fit (8x8 mesh: 1.26x faster without;
/// docs/performance.md, session 10). Only the timing tells the two apart, and a run may move
/// from one case to the other as its network fills, so each period of chunks of events begins
/// with a probe: kProbePairs pairs of chunks, one with the pipeline and one without (in
/// alternating order). The pipeline runs for the rest of the period unless it lost three
/// quarters of the pairs, or lost half of them and the middle half of the pairs' time gaps
/// sums to a loss too (periods grow after one-sided votes). Comparing neighbouring chunks
/// pair by pair keeps the vote fair when the event mix changes within a run (a bucket of
/// arrivals costs less per event than one of allocation passes) and when a chunk is slowed by
/// something else on the machine. Prefetches are hints: results never depend on the choice.
/// kernel.prefetch = on / off fixes the choice instead (for reproducible profiles).
class PrefetchSwitch {
 public:
  using Duration = std::chrono::steady_clock::duration;
  static constexpr std::uint64_t kChunkEvents = 1 << 10;
  static constexpr unsigned kProbePairs = 16;
  static constexpr unsigned kPeriodChunks = 1024;  // 1 M events; the probe takes 3 % of them

  explicit PrefetchSwitch(PrefetchMode mode = PrefetchMode::automatic)
      : fixed_(mode != PrefetchMode::automatic), on_(mode != PrefetchMode::off) {}

  bool on() const { return on_; }

  /// Starts the first chunk's clock: called when the engine starts running events, so that
  /// set-up (and, on several ranks, waiting for the others to start) is not timed.
  void begin() { chunk_start_ = std::chrono::steady_clock::now(); }

  /// Called between two events, every kChunkEvents events.
  void end_chunk() {
    if (fixed_) return;
    const auto now = std::chrono::steady_clock::now();
    const auto elapsed = now - chunk_start_;
    chunk_start_ = now;
    record_chunk(elapsed);
  }

  /// end_chunk's bookkeeping for a chunk that took `elapsed` (public for the tests).
  void record_chunk(Duration elapsed) {
    if (chunk_ < 2 * kProbePairs) vote(elapsed);
    if (++chunk_ == period_) chunk_ = 0;
    if (chunk_ < 2 * kProbePairs) {
      on_ = probe_mode(chunk_);
    } else if (chunk_ == 2 * kProbePairs) {
      decide();
    }
  }

 private:
  /// The pipeline goes off only when it lost at least this many pairs: a chunk that sorts a
  /// large bucket is slow in either mode, which makes single votes noisy (a 64x64 mesh, 1.6x
  /// slower without the pipeline, gave it 7 to 16 of 16 pairs; an 8x8, 1.26x faster without,
  /// gave it none). A vote at least this one-sided either way also doubles the next period,
  /// up to kMaxPeriodChunks: the other mode's probe chunks cost more than probing can gain.
  static constexpr unsigned kDecisiveWins = kProbePairs * 3 / 4;
  static constexpr unsigned kMaxPeriodChunks = 8 * kPeriodChunks;

  void decide() {
    const auto on_wins = static_cast<unsigned>(std::count_if(
        gaps_.begin(), gaps_.end(), [](Duration gap) { return gap <= Duration::zero(); }));
    const unsigned off_wins = kProbePairs - on_wins;
    // Lost at least 3/4 of the pairs, or half of them and slower in the middle half of the
    // gaps too: on two ranks PHOLD's chunks include polls and GVT rounds, and the pipeline won
    // 5-7 of 16 pairs and stayed on while it cost 8 % (docs/performance.md, session 11).
    on_ = off_wins < kDecisiveWins &&
          (off_wins < kProbePairs / 2 || interquartile_gap() <= Duration::zero());
    const bool decisive = on_wins >= kDecisiveWins || off_wins >= kDecisiveWins;
    period_ = decisive ? std::min(2 * period_, kMaxPeriodChunks) : kPeriodChunks;
  }

  /// The sum of the middle half of the pairs' (with - without) gaps: a steady difference
  /// survives it, a chunk slowed by something else (a rank waiting for another, a descheduled
  /// process) does not.
  Duration interquartile_gap() {
    std::sort(gaps_.begin(), gaps_.end());
    Duration sum{};
    for (unsigned i = kProbePairs / 4; i < kProbePairs - kProbePairs / 4; ++i) sum += gaps_[i];
    return sum;
  }

  /// Pair p runs on-then-off when p is even, off-then-on when odd.
  static bool probe_mode(unsigned chunk) { return ((chunk / 2) % 2 == 0) == (chunk % 2 == 0); }

  void vote(Duration elapsed) {
    if (chunk_ % 2 == 0) {
      first_of_pair_ = elapsed;
      return;
    }
    const auto with = on_ ? elapsed : first_of_pair_;
    const auto without = on_ ? first_of_pair_ : elapsed;
    gaps_[chunk_ / 2] = with - without;  // the pipeline won the pair when <= 0
  }

  bool fixed_ = false;  ///< kernel.prefetch is on or off: no timing
  bool on_ = true;      ///< the mode of the current chunk
  unsigned chunk_ = 0;  ///< chunks since the period began
  unsigned period_ = kPeriodChunks;  ///< chunks in the current period
  std::chrono::steady_clock::time_point chunk_start_ = std::chrono::steady_clock::now();
  Duration first_of_pair_{};
  std::array<Duration, kProbePairs> gaps_{};  ///< per pair of the probe: with - without
};

}  // namespace pdes::internal
