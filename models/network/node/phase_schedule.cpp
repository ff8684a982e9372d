// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/phase_schedule.hpp"

#include <algorithm>
#include <iterator>
#include <string>

#include "models/network/node/traffic_phase.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {
// Far beyond any run, and far from overflow in the sums below.
constexpr std::uint64_t kMaxCycles = std::uint64_t{1} << 62;
}  // namespace

PhaseSchedule::PhaseSchedule(std::vector<std::uint64_t> durations, std::uint64_t repeat)
    : durations_(std::move(durations)) {
  if (durations_.empty()) throw pdes::ConfigError(std::string(kPhasesKey), "no phases");
  if (durations_.size() == 1 && durations_[0] == kNever) {  // steady()
    starts_ = {0};
    period_ = kNever;
    return;
  }
  for (const std::uint64_t d : durations_) {
    if (d == 0 || d > kMaxCycles - period_) {
      throw pdes::ConfigError(std::string(kPhasesKey),
                              "phase durations must be >= 1 cycle and sum to less than 2^62");
    }
    starts_.push_back(period_);
    period_ += d;
  }
  if (repeat != kRepeatForever) {
    if (repeat > kMaxCycles / period_) {
      throw pdes::ConfigError(std::string(kPhasesRepeatKey),
                              std::to_string(repeat) + " repetitions of " +
                                  std::to_string(period_) + " cycles exceed 2^62 cycles");
    }
    end_ = repeat * period_;
  }
}

std::optional<PhaseSegment> PhaseSchedule::segment_at(std::uint64_t cycle) const {
  if (cycle >= end_) return std::nullopt;
  if (period_ == kNever) return PhaseSegment{0, 0, kNever};
  const std::uint64_t base = cycle / period_ * period_;
  const std::uint64_t within = cycle - base;
  // The last phase whose start is <= within.
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), within);
  const auto phase = static_cast<std::uint32_t>(std::distance(starts_.begin(), it) - 1);
  const std::uint64_t start = base + starts_[phase];
  return PhaseSegment{phase, start, start + durations_[phase]};
}

}  // namespace net
