// SPDX-License-Identifier: Apache-2.0
//
// ProgressObserver: how a long run reports progress without the kernel printing anything.
// The engine calls it on rank 0 about every KernelConfig::progress_interval_seconds.
#pragma once

#include <cstdint>

#include "pdes/sim_time.hpp"

namespace pdes {

struct ProgressInfo {
  SimTime now;       ///< simulated time reached (GVT in the optimistic engine)
  SimTime end_time;  ///< KernelConfig::end_time
  std::uint64_t events_committed = 0;  ///< summed over ranks where known, else this rank's
  std::uint64_t max_events = 0;        ///< KernelConfig::max_events
  double wall_seconds = 0.0;
  /// Optimistic engine: some rank is over kernel.event_memory_limit and runs only the event at
  /// GVT until fossil collection frees memory (the run crawls).
  bool event_memory_throttled = false;
};

class ProgressObserver {
 public:
  virtual ~ProgressObserver() = default;
  virtual void on_progress(const ProgressInfo& info) = 0;
  /// Called once when the run ends (to clear a progress line).
  virtual void on_finish() {}
};

}  // namespace pdes
