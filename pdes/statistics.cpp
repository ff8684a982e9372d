// SPDX-License-Identifier: Apache-2.0
#include "pdes/statistics.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace pdes {

void EngineStatistics::accumulate(const EngineStatistics& o) {
  events_processed += o.events_processed;
  events_committed += o.events_committed;
  events_safe += o.events_safe;
  events_rolled_back += o.events_rolled_back;
  primary_rollbacks += o.primary_rollbacks;
  secondary_rollbacks += o.secondary_rollbacks;
  anti_messages += o.anti_messages;
  remote_events += o.remote_events;
  gvt_rounds = std::max(gvt_rounds, o.gvt_rounds);  // a GVT round is collective
  promise_messages += o.promise_messages;
  wall_seconds = std::max(wall_seconds, o.wall_seconds);
  peak_rss_bytes += o.peak_rss_bytes;
  event_digest += o.event_digest;
  memory_throttled_rounds = std::max(memory_throttled_rounds, o.memory_throttled_rounds);
  wait_window_seconds += o.wait_window_seconds;
  wait_starved_seconds += o.wait_starved_seconds;
  wait_throttled_seconds += o.wait_throttled_seconds;
}

std::string_view to_string(TerminationReason reason) {
  switch (reason) {
    case TerminationReason::end_time_reached: return "end time reached";
    case TerminationReason::event_limit_reached: return "event limit reached";
    case TerminationReason::no_more_events: return "no more events";
    case TerminationReason::checkpointed: return "checkpointed";
  }
  return "unknown";
}

std::uint64_t peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace pdes
