// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/traffic_source.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace net {

TrafficSource::TrafficSource(std::vector<Phase> phases, PhaseSchedule schedule,
                             std::shared_ptr<const InjectionProcess> process,
                             std::uint64_t injection_end)
    : phases_(std::move(phases)),
      schedule_(std::move(schedule)),
      process_(std::move(process)),
      injection_end_(std::min(injection_end, schedule_.end())) {
  PDES_CHECK(phases_.size() == schedule_.num_phases(), "one Phase per scheduled phase");
  PDES_CHECK(process_ != nullptr, "a traffic source needs an injection process");
  for (const Phase& p : phases_) {
    PDES_CHECK(p.pattern != nullptr && p.rate >= 0.0 && p.rate <= 1.0,
               "a phase needs a pattern and a rate in [0, 1] packets per cycle");
    if (p.rate > 0.0) silent_ = false;
  }
}

std::optional<Generation> TrafficSource::next(std::uint64_t from, NodeId node,
                                              InjectionState& state, pdes::Rng& rng) const {
  if (silent_) return std::nullopt;
  from = std::max<std::uint64_t>(from, 1);
  // Each pass moves to a later phase occurrence, so the loop ends at the injection end; with
  // phases repeated forever it ends at the first generation (any phase with rate > 0 has one
  // with positive probability).
  while (from < injection_end_) {
    const std::optional<PhaseSegment> segment = schedule_.segment_at(from);
    if (!segment) return std::nullopt;
    const double rate = phases_[segment->phase].rate;
    const std::uint64_t end = std::min(segment->end, injection_end_);
    if (rate > 0.0) {
      if (state.segment_start != segment->start) {
        process_->begin(from, rate, node, state, rng);
        state.segment_start = segment->start;
      }
      if (const std::optional<Arrival> a = process_->next(from, end, rate, state, rng)) {
        return Generation{a->cycle, a->packets, segment->phase};
      }
    }
    from = end;
  }
  return std::nullopt;
}

}  // namespace net
