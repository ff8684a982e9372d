// SPDX-License-Identifier: Apache-2.0
//
// The kernel's event: a fixed header followed by the model's payload bytes.
//
// The header is what crosses ranks together with the payload; engines keep any bookkeeping of
// their own (processed flag, sent-event lists) outside it.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>

#include "pdes/lp_id.hpp"
#include "pdes/prefetch.hpp"
#include "pdes/sim_time.hpp"

namespace pdes::internal {

/// The total order of events: receive time, then sender LP, then the sender's sequence number.
/// The sender's sequence is part of its rolled-back state, so the key of an event is the same
/// in every engine and on every rank count.
struct EventKey {
  SimTime time;
  LpId sender;
  std::uint64_t sequence = 0;

  constexpr auto operator<=>(const EventKey&) const = default;
};

/// Larger than the key of every event: "no event" in minimum computations (GVT).
inline constexpr EventKey kMaxEventKey{SimTime::max(), LpId{UINT64_MAX}, UINT64_MAX};

struct EventHeader {
  EventKey key;
  LpId dest;
  SimTime send_time;
  std::uint32_t payload_type = 0;  ///< index of the payload type in the simulation's table
  std::uint32_t payload_size = 0;
};

/// Payload storage is aligned like this.
inline constexpr std::size_t kPayloadAlignment = alignof(std::max_align_t);

/// Asks for an event block's header and the start of its payload (two cache lines) ahead of
/// use. A hint only: it changes no result. Two prefetches rather than pdes::prefetch's loop:
/// the pools' blocks start on a line, and the loop's set-up cost more instructions than the two
/// lines (the sequential engine asks once per event).
inline void prefetch_event(const EventHeader* event) {
  __builtin_prefetch(event);
  __builtin_prefetch(reinterpret_cast<const char*>(event) + kCacheLineBytes);
}

}  // namespace pdes::internal
