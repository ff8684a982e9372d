// SPDX-License-Identifier: Apache-2.0
//
// ReplayState: one MPI rank's replay progress, kept in its node's LP state (a regular value
// type: rolled back and checkpointed with the node). Vectors stay short: only the peers this
// rank exchanged point-to-point messages with, the receives posted and the messages not yet
// matched.
#pragma once

#include <cstdint>
#include <vector>

#include "pdes/checkpointable.hpp"

namespace net::replay {

/// What the rank is doing.
enum class Mode : std::uint8_t {
  kRunning,     ///< between operations (never seen between events)
  kComputing,   ///< in a compute gap, until its wake-up
  kRecv,        ///< in a blocking receive
  kSend,        ///< in a blocking send of the rendezvous protocol, until clear to send
  kWait,        ///< in a wait for one request
  kWaitall,     ///< in a waitall
  kCollective,  ///< in a collective, waiting for a round's messages
  kFinished,    ///< past its last operation
  kIdle,        ///< the node hosts no rank
};

/// A point-to-point message that arrived and is not matched yet: an eager message, or the
/// request to send of a rendezvous one.
struct Arrival {
  static constexpr std::uint32_t kEager = 0xFFFFFFFF;
  std::uint32_t src = 0;  ///< rank
  std::int32_t tag = 0;
  std::uint32_t seq = 0;  ///< position among src's messages to this rank (non-overtaking)
  std::uint32_t send_id = kEager;  ///< rendezvous: the sender's number for the send
  std::uint64_t bytes = 0;
  std::uint32_t comm = 0;  ///< the communicator it was sent on
  std::uint32_t reserved = 0;
  bool operator==(const Arrival&) const = default;
};

/// A rendezvous send waiting for its clear to send.
struct PendingSend {
  std::uint32_t send_id = 0;
  std::uint32_t to = 0;  ///< rank
  std::uint32_t request = 0;  ///< PostedRecv::kBlocking for a blocking send
  std::uint32_t reserved = 0;
  std::uint64_t bytes = 0;
  bool operator==(const PendingSend&) const = default;
};

/// A matched rendezvous receive waiting for its data.
struct AwaitedData {
  std::uint32_t src = 0;  ///< rank
  std::uint32_t send_id = 0;
  std::uint32_t request = 0;  ///< PostedRecv::kBlocking for a blocking receive
  std::uint32_t reserved = 0;
  bool operator==(const AwaitedData&) const = default;
};

/// A receive posted and not matched yet.
struct PostedRecv {
  static constexpr std::uint32_t kBlocking = 0xFFFFFFFF;
  std::int32_t src = 0;  ///< rank or kAny
  std::int32_t tag = 0;  ///< or kAny
  std::uint32_t request = kBlocking;
  std::uint32_t comm = 0;
  bool operator==(const PostedRecv&) const = default;
};

/// A collective message that came before its round.
struct EarlyArrival {
  std::uint32_t src = 0;
  std::uint32_t collective = 0;  ///< its number on its communicator
  std::uint32_t round = 0;
  std::uint32_t comm = 0;
  bool operator==(const EarlyArrival&) const = default;
};

/// A per-peer counter of point-to-point messages (sent to it, or expected from it next).
struct PeerCount {
  std::uint32_t peer = 0;
  std::uint32_t count = 0;
  bool operator==(const PeerCount&) const = default;
};

struct ReplayState {
  Mode mode = Mode::kIdle;
  std::uint32_t rank = 0;
  std::uint64_t cursor = 0;        ///< next operation
  std::uint32_t wait_request = 0;  ///< Mode::kWait
  std::vector<PostedRecv> posted;
  std::vector<Arrival> unexpected;  ///< in matching order
  std::vector<Arrival> held;        ///< arrived before an earlier message of the same source
  std::vector<PeerCount> sent_to;
  std::vector<PeerCount> expected_from;
  std::vector<std::uint32_t> open;  ///< irecv requests not yet complete
  std::vector<std::uint32_t> done;  ///< requests complete and not yet waited for
  // Rendezvous protocol: sends waiting for their clear to send, receives for their data.
  std::uint32_t sends = 0;  ///< rendezvous sends begun (their ids)
  std::vector<PendingSend> sending;
  std::vector<AwaitedData> awaiting;
  // The collective in progress (Mode::kCollective): its communicator, its number there (the
  // collectives begun on each communicator count them), round and receives left.
  std::vector<PeerCount> collectives;  ///< per communicator
  std::uint32_t coll_comm = 0;
  std::uint32_t coll_number = 0;
  std::uint32_t round = 0;
  std::uint32_t rounds = 0;
  std::uint32_t recvs_left = 0;
  std::vector<EarlyArrival> early;
  // Time, ticks.
  std::int64_t blocked_since = 0;
  std::int64_t compute_ticks = 0;
  std::int64_t wait_ticks = 0;
  std::int64_t finished_at = -1;
  std::uint64_t messages_sent = 0;
  std::uint64_t bytes_sent = 0;

  bool operator==(const ReplayState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, mode);
    pdes::checkpoint_value(ar, rank);
    pdes::checkpoint_value(ar, cursor);
    pdes::checkpoint_value(ar, wait_request);
    pdes::checkpoint_value(ar, posted);
    pdes::checkpoint_value(ar, unexpected);
    pdes::checkpoint_value(ar, held);
    pdes::checkpoint_value(ar, sent_to);
    pdes::checkpoint_value(ar, expected_from);
    pdes::checkpoint_value(ar, open);
    pdes::checkpoint_value(ar, done);
    pdes::checkpoint_value(ar, sends);
    pdes::checkpoint_value(ar, sending);
    pdes::checkpoint_value(ar, awaiting);
    pdes::checkpoint_value(ar, collectives);
    pdes::checkpoint_value(ar, coll_comm);
    pdes::checkpoint_value(ar, coll_number);
    pdes::checkpoint_value(ar, round);
    pdes::checkpoint_value(ar, rounds);
    pdes::checkpoint_value(ar, recvs_left);
    pdes::checkpoint_value(ar, early);
    pdes::checkpoint_value(ar, blocked_since);
    pdes::checkpoint_value(ar, compute_ticks);
    pdes::checkpoint_value(ar, wait_ticks);
    pdes::checkpoint_value(ar, finished_at);
    pdes::checkpoint_value(ar, messages_sent);
    pdes::checkpoint_value(ar, bytes_sent);
  }
};

}  // namespace net::replay
