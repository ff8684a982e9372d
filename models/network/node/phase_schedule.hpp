// SPDX-License-Identifier: Apache-2.0
//
// PhaseSchedule: which phase of a phased workload is active at a given cycle.
//
// Phases p = 0 .. P-1 of durations d_p run back to back from cycle 0, and the whole list repeats
// `repeat` times (kRepeatForever: without end). With D = d_0 + ... + d_{P-1}, occurrence r of
// phase p covers cycles [r D + d_0 + ... + d_{p-1}, that + d_p). Steady traffic is the
// one-phase schedule that never ends (PhaseSchedule::steady()).
//
//   PhaseSchedule s({1000, 500}, 2);
//   s.segment_at(1200)   // {phase 1, start 1000, end 1500}
//   s.segment_at(1600)   // {phase 0, start 1500, end 2500}
//   s.segment_at(3000)   // nullopt: both repetitions are over
//
// Immutable and pure; shared by every node.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace net {

/// A repetition count meaning "until the end of the run".
inline constexpr std::uint64_t kRepeatForever = 0;

/// One occurrence of a phase: cycles [start, end).
struct PhaseSegment {
  std::uint32_t phase = 0;
  std::uint64_t start = 0;
  std::uint64_t end = 0;
  bool operator==(const PhaseSegment&) const = default;
};

class PhaseSchedule {
 public:
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

  /// Durations >= 1 cycle; `repeat` >= 1 or kRepeatForever (0). Throws pdes::ConfigError
  /// ("traffic.phases", "traffic.phases_repeat") when the schedule does not fit in 2^62 cycles.
  PhaseSchedule(std::vector<std::uint64_t> durations, std::uint64_t repeat);

  /// One phase, from cycle 0 forever.
  static PhaseSchedule steady() { return PhaseSchedule({kNever}, 1); }

  /// The phase occurrence that contains `cycle`, or nullopt after the last repetition.
  std::optional<PhaseSegment> segment_at(std::uint64_t cycle) const;

  std::size_t num_phases() const { return durations_.size(); }
  /// The first cycle after the last repetition, or kNever.
  std::uint64_t end() const { return end_; }

 private:
  std::vector<std::uint64_t> durations_;
  std::vector<std::uint64_t> starts_;  ///< start of each phase within a repetition
  std::uint64_t period_ = 0;           ///< D
  std::uint64_t end_ = kNever;
};

}  // namespace net
