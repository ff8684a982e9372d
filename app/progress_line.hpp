// SPDX-License-Identifier: Apache-2.0
//
// ProgressLine: a one-line progress report on stderr, rewritten in place:
//   [ 42.0%] t = 420 / 1000 time units | 7.10 M events/s (mean 7.02 M) | ETA 3 s
// The percentage and ETA come from simulated time, or from the event count when the run is
// bounded by events only.
#pragma once

#include <cstdint>
#include <string>

#include "pdes/progress.hpp"

namespace app {

class ProgressLine final : public pdes::ProgressObserver {
 public:
  /// `ticks_per_unit` converts kernel ticks to the model's time unit, for display.
  ProgressLine(std::int64_t ticks_per_unit, std::string unit_name);

  void on_progress(const pdes::ProgressInfo& info) override;
  void on_finish() override;
  /// Prints "warpnet: <message>" on a line of its own, above the progress line (which the
  /// next report draws again).
  void note(const std::string& message);

  /// The line for `info` (without the leading carriage return), for tests. `recent_rate`:
  /// committed events per second since the previous line (< 0: none yet), shown before the
  /// run's mean so that a run that slows down (a growing backlog, memory pressure) shows it.
  std::string format(const pdes::ProgressInfo& info, double recent_rate = -1.0) const;

 private:
  std::int64_t ticks_per_unit_;
  std::string unit_name_;
  std::uint64_t last_events_ = 0;
  double last_wall_seconds_ = -1.0;
  bool printed_ = false;
  std::size_t last_width_ = 0;
};

/// Human-readable duration: "42 s", "3 min 20 s", "2 h 05 min".
std::string format_duration(double seconds);
/// "7.10 M", "950 k", "12" (SI prefixes, three significant figures).
std::string format_si(double value);

}  // namespace app
