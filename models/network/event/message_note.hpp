// SPDX-License-Identifier: Apache-2.0
//
// MessageNote: 32 bytes that a workload attaches to a message for the workload at its
// destination — an MPI envelope (tag, communicator, the sender's sequence number to that
// destination), a protocol step (rendezvous request, clear to send). The network carries no
// payload in flits, so the note travels beside the message: a kNote event (NoteOrder) from the
// source node one tick after the release, which always lands before the message's last packet
// (a packet takes at least a link latency), waits at the destination and is handed to the
// workload with the delivered message (Workload::on_delivered).
#pragma once

#include <cstdint>
#include <type_traits>

#include "models/network/event/opaque_bytes.hpp"

namespace net {

using MessageNote = OpaqueBytes<32>;

/// The payload of a kNote event: which message the note belongs to, and the note.
struct NoteOrder {
  std::uint32_t src = 0;      ///< source node
  std::uint32_t message = 0;  ///< message id at the source
  MessageNote note;
  bool operator==(const NoteOrder&) const = default;
};

static_assert(std::is_trivially_copyable_v<NoteOrder>);

/// The payload of a kDirect event: a whole message that bypassed the network (the ideal
/// network of trace replay, WorkloadContext::send_direct), with its note.
struct DirectOrder {
  std::uint32_t src = 0;    ///< source node
  std::uint32_t flits = 0;
  std::int64_t created = 0;  ///< release time at the source (ticks)
  MessageNote note;
  bool operator==(const DirectOrder&) const = default;
};

static_assert(std::is_trivially_copyable_v<DirectOrder>);

}  // namespace net
