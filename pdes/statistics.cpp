// SPDX-License-Identifier: Apache-2.0
#include "pdes/statistics.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace pdes {

void EngineStatistics::accumulate(const EngineStatistics& o) {
  events_processed += o.events_processed;
  events_committed += o.events_committed;
  events_rolled_back += o.events_rolled_back;
  primary_rollbacks += o.primary_rollbacks;
  secondary_rollbacks += o.secondary_rollbacks;
  anti_messages += o.anti_messages;
  remote_events += o.remote_events;
  gvt_rounds = std::max(gvt_rounds, o.gvt_rounds);  // a GVT round is collective
  wall_seconds = std::max(wall_seconds, o.wall_seconds);
  peak_rss_bytes += o.peak_rss_bytes;
  event_digest += o.event_digest;
}

std::string_view to_string(TerminationReason reason) {
  switch (reason) {
    case TerminationReason::end_time_reached: return "end time reached";
    case TerminationReason::event_limit_reached: return "event limit reached";
    case TerminationReason::no_more_events: return "no more events";
  }
  return "unknown";
}

namespace {
// splitmix64 finaliser: a cheap bijective mixer with good avalanche.
constexpr std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
}  // namespace

std::uint64_t event_digest_term(SimTime time, std::uint64_t dest, std::uint64_t sender,
                                std::uint64_t sequence) {
  return mix(static_cast<std::uint64_t>(time.ticks()) ^
             mix(dest ^ mix(sender ^ mix(sequence))));
}

std::uint64_t peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace pdes
