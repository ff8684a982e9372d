// SPDX-License-Identifier: Apache-2.0
//
// AdapterState: the rollback-safe state of one MessageSwitchLp (CONTRIBUTING.md §3): per link it
// owns, when the link is busy until, the pending decision, and its queue of messages (both
// directions of a half-duplex link share one queue, §4). A regular value type, checkpointed by
// its member serialize functions (pdes/checkpointable.hpp).
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "models/network/missions/message_header.hpp"
#include "pdes/checkpointable.hpp"

namespace net::missions {

struct QueuedMessage {
  MessageHeader msg;
  std::uint32_t at = 0;        ///< the router where the message waits (the link's sending end)
  std::uint32_t reserved = 0;
  std::int64_t priority = 0;   ///< SchedulingPolicy::priority at `at`
  std::int64_t queued = 0;     ///< cycle it joined the queue, or (VCT) is received whole: it
                               ///< may go from then on; the FIFO tie-break
  bool operator==(const QueuedMessage&) const = default;
};
static_assert(std::is_trivially_copyable_v<QueuedMessage>);
static_assert(std::has_unique_object_representations_v<QueuedMessage>);

struct LinkState {
  static constexpr std::int64_t kNone = -1;
  std::int64_t busy_until = 0;     ///< cycle at which the current message has arrived
  std::int64_t decide_at = kNone;  ///< tick of the pending kDecide, if any
  std::vector<QueuedMessage> queue;
  std::uint64_t messages = 0;      ///< messages sent over the link
  std::uint64_t busy_cycles = 0;   ///< cycles it carried a message
  bool operator==(const LinkState&) const = default;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, busy_until);
    pdes::checkpoint_value(ar, decide_at);
    pdes::checkpoint_value(ar, queue);
    pdes::checkpoint_value(ar, messages);
    pdes::checkpoint_value(ar, busy_cycles);
  }
};

struct AdapterState {
  std::vector<LinkState> links;  ///< by dimension; a half-duplex router uses those it owns
  bool operator==(const AdapterState&) const = default;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, links);
  }
};

}  // namespace net::missions
