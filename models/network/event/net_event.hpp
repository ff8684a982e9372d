// SPDX-License-Identifier: Apache-2.0
//
// NetEvent: the one event type of the network model, exchanged by router and node LPs.
//
// A kind plus a small payload (CONTRIBUTING.md §9): `kind` says what happened and which payload
// member is valid, `port` and `vc` say where. Each payload is its own trivially copyable struct
// with its own size check, so a feature adds a kind and a payload rather than widening one struct
// that every event carries. MPI moves the event as raw bytes.
//
// Kinds, their payload and who receives them:
//   kFlit      flit     router or node: a flit arrives on input port `port`, virtual channel
//                       `vc` (for a node, `port` is unused: the ejection link). Sent by the
//                       upstream router or the source node after switch traversal + link latency.
//   kCredit    -        router or node: one buffer slot of output `port`, VC `vc` was freed
//                       downstream (BookSim2's Credit), credit_delay after the flit left.
//   kFlitCredit flit    router, from a neighbouring router: a kFlit and a kCredit that one
//                       allocation pass sends to the same router, in one event (router_lp.hpp,
//                       "Merged flit and credit"). It lands at the credit's time; `credit_port`
//                       and `credit_vc` say which output VC regains a slot, `port` and `vc`
//                       where the flit arrives (st_delay + link_latency - credit_delay cycles
//                       later: the receiver files it early and counts its timing from then).
//   kWake      -        router (self): an allocation pass is due now, one tick after a cycle
//                       boundary. Only scheduled when work is waiting, so an idle router
//                       receives no events at all. kFlit and kCredit land on cycle boundaries.
//   kGenerate  generate node (self): the traffic source generates packets now (scripted ones,
//                       for tests, carry their destination).
//   kInject    -        node (self): the network interface may send its next flit now (one per
//                       cycle).
//   kAck       flit     node: an acknowledgement through the ideal side channel, as it would
//                       have arrived through the network (source routings' feedback).
//   kControl   control  router or node: a control message (routing/control_message.hpp) from a
//                       neighbouring router over a link, or from any router or node through the
//                       ideal side channel.
//   kNote      note     node: the note a workload attached to a message (workload/workload.hpp),
//                       one tick after the message's release, from its source node: it waits at
//                       the destination for the message's last packet.
#pragma once

#include <cstdint>
#include <type_traits>

#include "models/network/event/control_message.hpp"
#include "models/network/event/flit.hpp"
#include "models/network/event/message_note.hpp"

namespace net {

enum class NetEventKind : std::uint8_t {
  kFlit, kCredit, kWake, kGenerate, kInject, kAck, kControl, kNote, kFlitCredit,
  kDirect  ///< a message that bypassed the network (WorkloadContext::send_direct)
};

/// kGenerate: a scripted packet (tests) names its destination; a generation of the traffic
/// source draws it when it fires.
struct GenerateOrder {
  std::uint32_t dst = 0;
  std::uint32_t scripted = 0;  ///< 1: a scripted packet to dst
};

struct NetEvent {
  NetEvent() : flit{} {}

  NetEventKind kind = NetEventKind::kWake;
  std::uint8_t port = 0;  ///< input port (kFlit) or output port (kCredit) at the receiver
  std::uint16_t vc = 0;   ///< virtual channel
  std::uint8_t credit_port = 0;  ///< kFlitCredit: the output port that regains a credit
  std::uint8_t reserved = 0;
  std::uint16_t credit_vc = 0;   ///< kFlitCredit: ... and its VC
  union {
    Flit flit;                ///< kFlit, kAck
    GenerateOrder generate;   ///< kGenerate
    ControlMessage control;   ///< kControl
    NoteOrder note;           ///< kNote
    DirectOrder direct;       ///< kDirect
  };
};

inline constexpr std::size_t kMaxNetEventBytes = 64;
inline constexpr std::size_t kMaxNetPayloadBytes = kMaxNetEventBytes - 8;
static_assert(std::is_trivially_copyable_v<NetEvent>);
static_assert(sizeof(Flit) <= kMaxNetPayloadBytes, "a Flit must leave NetEvent within 64 bytes");
static_assert(sizeof(GenerateOrder) <= kMaxNetPayloadBytes);
static_assert(sizeof(NoteOrder) <= kMaxNetPayloadBytes);
static_assert(sizeof(DirectOrder) <= kMaxNetPayloadBytes);
static_assert(sizeof(ControlMessage) <= kMaxNetPayloadBytes,
              "a control message must leave NetEvent within 64 bytes");
static_assert(sizeof(NetEvent) <= kMaxNetEventBytes,
              "NetEvent must stay small (CONTRIBUTING.md §9)");

}  // namespace net
