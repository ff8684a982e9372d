// SPDX-License-Identifier: Apache-2.0
//
// NetEvent: the one event type of the network model, exchanged by router and node LPs.
//
// A small, trivially copyable, tagged message (STYLE R13): `kind` says what happened, `port` and
// `vc` say where, and `flit` carries the flit for flit arrivals. MPI moves it as raw bytes.
//
// Kinds and who receives them:
//   kFlit      router or node: a flit arrives on input port `port`, virtual channel `vc`
//              (for a node, `port` is unused: the ejection link). Sent by the upstream router or
//              the source node after switch traversal + link latency.
//   kCredit    router or node: one buffer slot of output `port`, VC `vc` was freed downstream
//              (BookSim2's Credit). Sent credit_delay after the flit left the downstream buffer.
//   kWake      router (self): an allocation pass is due now, one tick after a cycle boundary
//              (a flit became eligible, a port became free again, or a credit arrived for a
//              waiting flit). Only scheduled when work is waiting, so an idle router receives
//              no events at all. kFlit and kCredit land on cycle boundaries.
//   kGenerate  node (self): the traffic source generates a packet now. For scripted packets
//              (tests) `flit.dst` holds the destination and `vc` is 1.
//   kInject    node (self): the network interface may send its next flit now (one per cycle).
//   kAck       node: an acknowledgement through the ideal side channel (DRB, drb.ack = ideal):
//              `flit` is the ACK, as it would have arrived through the network.
//
// Flit timing fields are absolute times in ticks (picoseconds), so latency needs no lookup.
#pragma once

#include <cstdint>
#include <type_traits>

namespace net {

/// What a packet is: data from a traffic source, or an acknowledgement that a destination
/// returns to the source (DRB's monitoring feedback, seed000 §3 phase 1).
enum class FlitKind : std::uint8_t { kData = 0, kAck = 1 };

/// One flit. The head (index 0) carries routing information; every flit carries the packet's
/// identity and times so that the sink needs no per-packet reassembly state.
struct Flit {
  std::uint32_t src = 0;     ///< source node
  std::uint32_t dst = 0;     ///< destination node
  std::uint32_t seq = 0;     ///< packet sequence number at the source: (src, seq) is unique
  std::uint16_t index = 0;   ///< 0 = head, size-1 = tail
  std::uint16_t size = 1;    ///< packet size in flits
  std::uint8_t hops = 0;     ///< routers traversed so far
  // Routing header (routing/routing_algorithm.hpp). Multi-phase routes (Valiant, DRB's
  // multi-step paths S -> X -> Y -> D) travel to via[phase] while phase < vias, then to dst.
  std::uint8_t phase = 0;    ///< current routing phase
  std::uint8_t vias = 0;     ///< intermediate nodes in via[] (0, 1 or 2)
  std::uint8_t path = 0;     ///< the source's path choice (DRB: MSP index), echoed in ACKs
  FlitKind kind = FlitKind::kData;
  std::uint8_t width = 0;    ///< DRB: open MSPs of the metapath when the path was chosen
  std::uint16_t reserved = 0;     ///< explicit padding (flits are compared byte for byte)
  std::uint32_t via[2] = {0, 0};  ///< intermediate nodes, in order
  /// Cycles the head waited at routers beyond the pipeline delay (contention), summed over the
  /// routers traversed: what DRB's destination reports back (seed000 §3.3, "monitoring").
  std::uint32_t blocked_cycles = 0;
  /// ACK only: the blocked_cycles of the data packet it acknowledges.
  std::uint32_t acked_blocked_cycles = 0;
  std::int64_t created = 0;   ///< packet generation time (ticks)
  std::int64_t injected = 0;  ///< time the head left the source's network interface (ticks)

  bool is_head() const { return index == 0; }
  bool is_tail() const { return index + 1 == size; }
  bool is_ack() const { return kind == FlitKind::kAck; }
  bool operator==(const Flit&) const = default;
};

enum class NetEventKind : std::uint8_t { kFlit, kCredit, kWake, kGenerate, kInject, kAck };

struct NetEvent {
  NetEventKind kind = NetEventKind::kWake;
  std::uint8_t port = 0;  ///< input port (kFlit) or output port (kCredit) at the receiver
  std::uint16_t vc = 0;   ///< virtual channel
  Flit flit{};
};

inline constexpr std::size_t kMaxNetEventBytes = 64;
static_assert(std::is_trivially_copyable_v<NetEvent>);
static_assert(std::has_unique_object_representations_v<Flit>, "no hidden padding in a Flit");
static_assert(sizeof(NetEvent) <= kMaxNetEventBytes, "NetEvent must stay small (R13)");

}  // namespace net
