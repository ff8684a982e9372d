// SPDX-License-Identifier: Apache-2.0
//
// Output records of the network model, emitted by NodeLp through ctx.emit and handed to the
// OutputSink at commit (CONTRIBUTING.md §4).
//
//   PacketGenerated  one per packet, when the source creates it (conservation checks, offered
//                    load), with its message id and the workload's group label of the
//                    message (synthetic traffic: the index of its traffic phase, 0 without
//                    phases; node/traffic_phase.hpp).
//   PacketDelivered  one per packet, when its tail reaches the destination's sink, with its
//                    message id and the message's packet count: (src, message) names a
//                    message, complete when message_packets of its packets have arrived.
//   AckDelivered     one per ACK (the DRB family's feedback, routing/drb/feedback_agent.hpp), when
//                    it reaches the data packet's source, through the network or the ideal side
//                    channel.
//
// Times are ticks (picoseconds). Latency definitions:
//   latency          = delivered - created   (source queueing + network)
//   network latency  = delivered - injected  (head leaves the source NI -> tail delivered)
//   hops             = routers traversed (router distance + 1)
// `measured` is 1 when the packet was created at or after the warm-up.
#pragma once

#include <cstdint>
#include <type_traits>

namespace net {

struct PacketGenerated {
  static constexpr std::uint16_t kRecordKind = 0x4E01;
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t seq = 0;
  std::uint32_t size = 0;
  std::int64_t created = 0;
  std::uint32_t group = 0;    ///< the workload's label (synthetic: index into traffic.phases)
  std::uint32_t message = 0;  ///< message id at the source
};
static_assert(std::has_unique_object_representations_v<PacketGenerated>,
              "no padding bytes: the rollback check compares records byte for byte");

struct PacketDelivered {
  static constexpr std::uint16_t kRecordKind = 0x4E02;
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t seq = 0;
  std::uint16_t size = 0;
  std::uint8_t hops = 0;
  std::uint8_t measured = 0;
  std::int64_t created = 0;
  std::int64_t injected = 0;
  std::int64_t delivered = 0;
  std::uint32_t blocked_cycles = 0;  ///< cycles the head waited at routers beyond the pipeline
  std::uint8_t path = 0;             ///< the source's path choice (RouteLabel; 0 = canonical)
  std::uint8_t width = 0;            ///< paths open when it was chosen (RouteLabel; 0: no choice)
  std::uint8_t min_hops = 0;         ///< routers on a minimal path (router distance + 1)
  std::uint8_t reserved = 0;         ///< explicit padding
  std::uint32_t message = 0;         ///< message id at the source
  std::uint16_t message_packets = 0;  ///< packets of the message
  std::uint16_t reserved2 = 0;        ///< explicit padding

  std::int64_t latency() const { return delivered - created; }
  std::int64_t network_latency() const { return delivered - injected; }
};
static_assert(std::has_unique_object_representations_v<PacketDelivered>,
              "no padding bytes: the rollback check compares records byte for byte");

/// An ACK at the source. `src` is the node that sent it (the data packet's destination), `dst`
/// the data packet's source; `seq` is the data packet's. `created` is when the destination sent
/// it; `size` its flits (0: through the ideal side channel, no network traffic).
struct AckDelivered {
  static constexpr std::uint16_t kRecordKind = 0x4E04;
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t seq = 0;
  std::uint8_t size = 0;
  std::uint8_t measured = 0;  ///< 1 if sent at or after the warm-up
  std::uint8_t path = 0;
  std::uint8_t hops = 0;
  std::int64_t created = 0;
  std::int64_t delivered = 0;
};
static_assert(std::has_unique_object_representations_v<AckDelivered>,
              "no padding bytes: the rollback check compares records byte for byte");

}  // namespace net
