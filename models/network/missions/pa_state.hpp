// SPDX-License-Identifier: Apache-2.0
//
// PaState: the rollback-safe state of one PaSwitchLp (pa_switch_lp.hpp): the node's one queue of
// blocked messages (§3.2: "Only one message queue is maintained on each node"), what the router
// knows of each of its links, and, for the links it owns, the proposals of the current round.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "models/network/missions/message_header.hpp"
#include "pdes/checkpointable.hpp"

namespace net::missions {

struct PaQueued {
  MessageHeader msg;
  std::int64_t priority = 0;     ///< SchedulingPolicy::priority here
  std::int64_t queued = 0;       ///< cycle it joined the queue
  std::int64_t tried_cycle = -1; ///< the cycle `tried` refers to
  std::uint32_t tried = 0;       ///< dimensions refused in tried_cycle (bit d)
  std::uint32_t proposed = 0;    ///< 1 + the dimension of its open proposal, 0: none
  bool operator==(const PaQueued&) const = default;
};
static_assert(std::is_trivially_copyable_v<PaQueued>);
static_assert(std::has_unique_object_representations_v<PaQueued>);

struct PaLink {
  std::int64_t busy_until = 0;  ///< cycle the link is free again (authoritative at the owner;
                                ///< elsewhere what this end has learnt)
  // The proposals of the round being arbitrated (owned links only).
  std::uint32_t has_local = 0;
  std::uint32_t has_remote = 0;
  MessageHeader local;          ///< (src, id) name the queued message
  std::int64_t local_queued = 0;
  std::int64_t local_priority = 0;
  MessageHeader remote;
  std::int64_t remote_queued = 0;
  std::int64_t remote_priority = 0;
  std::uint32_t remote_at = 0;
  std::uint32_t reserved = 0;
  std::uint64_t messages = 0;
  std::uint64_t busy_cycles = 0;
  bool operator==(const PaLink&) const = default;
};
static_assert(std::is_trivially_copyable_v<PaLink>);
static_assert(std::has_unique_object_representations_v<PaLink>);

struct PaState {
  std::vector<PaQueued> queue;
  std::vector<PaLink> links;        ///< by dimension
  std::int64_t arbitrate_at = -1;   ///< tick of the pending kArbitrate
  std::int64_t last_round_tick = -1;
  bool operator==(const PaState&) const = default;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, queue);
    pdes::checkpoint_value(ar, links);
    pdes::checkpoint_value(ar, arbitrate_at);
    pdes::checkpoint_value(ar, last_round_tick);
  }
};

}  // namespace net::missions
