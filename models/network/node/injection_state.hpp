// SPDX-License-Identifier: Apache-2.0
//
// InjectionState: the mutable part of a node's arrival process, kept in NodeState so that it is
// saved and rolled back with the LP (CONTRIBUTING.md §3). Each process uses its own fields and
// leaves the others at their defaults; TrafficSource owns segment_start and pending_packets.
#pragma once

#include <cstdint>
#include <limits>

namespace net {

struct InjectionState {
  static constexpr std::uint64_t kNoSegment = std::numeric_limits<std::uint64_t>::max();

  // TrafficSource: the start cycle of the phase occurrence the process was begun in, and the
  // packets of the generation event in flight.
  std::uint64_t segment_start = kNoSegment;
  std::uint32_t pending_packets = 0;

  // PeriodicInjection: packet k of the segment is due at anchor + ceil(offset + k * period).
  std::uint64_t anchor = 0;
  std::uint64_t count = 0;
  double offset = 0.0;  ///< cycles, in [0, period)

  // OnOffInjection: the current state and the first cycle after it.
  bool on = false;
  std::uint64_t period_end = 0;

  // PoissonInjection: the time of the next arrival not yet generated (cycles, continuous).
  double clock = 0.0;

  bool operator==(const InjectionState&) const = default;
};

}  // namespace net
