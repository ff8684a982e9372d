// SPDX-License-Identifier: Apache-2.0
//
// Flit: one flow-control unit of a packet, the payload of a kFlit event (net_event.hpp).
//
// Every flit carries the packet's identity and times, so that the sink needs no per-packet
// reassembly state, and the header that routers read from the head. The header has two parts:
//   - generic fields, the same for every routing: source, destination, sequence numbers, size,
//     hops, contention met (blocked_cycles), times, and the message the packet belongs to;
//   - `route`, a RoutingHeader: 12 bytes that the selected routing algorithm defines (Valiant's
//     intermediate nodes and phase, a source routing's path choice, an ACK's feedback).
//     Nothing but the algorithm reads or writes them (event/opaque_bytes.hpp).
//
// Flits are compared byte for byte (rollback check) and copied as bytes between ranks: no
// hidden padding, trivially copyable.
#pragma once

#include <cstdint>
#include <type_traits>

#include "models/network/event/opaque_bytes.hpp"

namespace net {

/// What a packet is: data of a message, an acknowledgement that a destination returns to the
/// source (feedback of source routings), or a control packet that a router or node originates
/// (routing/control_message.hpp).
enum class FlitKind : std::uint8_t { kData = 0, kAck = 1, kControl = 2 };

/// The routing algorithm's bytes of a packet header (routing/routing_algorithm.hpp).
using RoutingHeader = OpaqueBytes<12>;

struct Flit {
  std::uint32_t src = 0;      ///< source node
  std::uint32_t dst = 0;      ///< destination node
  std::uint32_t seq = 0;      ///< packet sequence number at the source: (src, seq) is unique
  std::uint32_t message = 0;  ///< message id at the source (workload/workload.hpp)
  std::uint16_t index = 0;    ///< 0 = head, size-1 = tail
  std::uint16_t size = 1;     ///< packet size in flits
  std::uint8_t hops = 0;      ///< routers traversed so far
  FlitKind kind = FlitKind::kData;
  /// Packets of the message (its packets carry seq first .. first + message_packets - 1 in
  /// order of sending, not necessarily of arrival); 0 for ACKs and control packets.
  std::uint16_t message_packets = 0;
  /// Cycles the head waited at routers beyond the pipeline delay (contention), summed over the
  /// routers traversed; the body flits carry the head's value on, so the tail brings it.
  std::uint32_t blocked_cycles = 0;
  RoutingHeader route;        ///< the routing algorithm's header fields
  std::int64_t created = 0;   ///< packet generation time (ticks)
  std::int64_t injected = 0;  ///< time the head left the source's network interface (ticks)

  bool is_head() const { return index == 0; }
  bool is_tail() const { return index + 1 == size; }
  bool is_ack() const { return kind == FlitKind::kAck; }
  bool operator==(const Flit&) const = default;
};

static_assert(std::is_trivially_copyable_v<Flit>);
static_assert(std::has_unique_object_representations_v<Flit>, "no hidden padding in a Flit");
static_assert(sizeof(Flit) == 56, "a Flit is 56 bytes: NetEvent must stay within 64");

}  // namespace net
