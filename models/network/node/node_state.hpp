// SPDX-License-Identifier: Apache-2.0
//
// NodeState: the mutable, rollback-safe state of one NodeLp (CONTRIBUTING.md §3): the workload's
// state and the source queue of messages, the network interface's credits and progress through the
// current packet, the state of the routing's node agent (node_agent.hpp) and the messages
// arriving in pieces. A regular value type (vectors of values, operator==).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "models/network/event/message_note.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/workload/source_message.hpp"
#include "pdes/journaled_deque.hpp"

namespace net {

/// A message of several packets that has begun to arrive (Workload::observes_deliveries).
struct ArrivingMessage {
  std::uint32_t src = 0;
  std::uint32_t message = 0;
  std::uint32_t packets = 0;  ///< arrived so far
  std::uint32_t flits = 0;    ///< arrived so far
  bool operator==(const ArrivingMessage&) const = default;
};

struct NodeState {
  static constexpr std::int64_t kNoWake = std::numeric_limits<std::int64_t>::max();

  // Source: the workload's progress and its next wake-up; the queue holds the messages waiting,
  // in release order (a message leaves the queue when the head of its last packet is sent).
  // It grows without bound past saturation, so it is journaled: the optimistic engine saves
  // its position, not its elements (pdes/journaled_deque.hpp, docs/performance.md).
  AlgorithmState workload;  ///< the workload's state (workload/workload.hpp)
  std::int64_t workload_wake = kNoWake;
  pdes::JournaledDeque<SourceMessage> queue;
  std::uint32_t next_seq = 0;
  std::uint32_t next_message = 0;
  /// The routing's node agent's state (node_agent.hpp); empty for a routing without an agent.
  AlgorithmState agent;

  // Sink: messages of several packets of which some have arrived, and the notes of messages
  // not yet whole (only when the workload observes deliveries).
  std::vector<ArrivingMessage> arriving;
  std::vector<NoteOrder> notes;

  // Network interface.
  std::vector<std::uint16_t> credits;  ///< per VC of the router's terminal input port
  std::uint16_t flits_sent = 0;  ///< flits of the packet being sent (`current`) already sent
  std::uint16_t current_vc = 0;
  Flit current;                  ///< header of the packet being sent, while flits_sent > 0
  std::int64_t inject_free_at = 0;     ///< one flit per cycle on the injection link
  std::int64_t pending_inject = kNoWake;

  // No counters or sums: what a node sends and receives leaves as records (PacketGenerated,
  // PacketDelivered), which NetworkResults totals; the state keeps only what behaviour needs.

  std::uint64_t queued() const { return queue.size(); }
  bool operator==(const NodeState&) const = default;
};

}  // namespace net
