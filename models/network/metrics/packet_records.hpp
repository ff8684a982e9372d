// SPDX-License-Identifier: Apache-2.0
//
// Output records of the network model, emitted by NodeLp through ctx.emit and handed to the
// OutputSink at commit (STYLE R4).
//
//   PacketGenerated  one per packet, when the source creates it (conservation checks, offered
//                    load), with the index of the traffic phase it belongs to (0 without
//                    phases; node/traffic_phase.hpp).
//   PacketDelivered  one per packet, when its tail reaches the destination's sink.
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
  std::uint32_t phase = 0;     ///< index into traffic.phases (0 for steady traffic)
  std::uint32_t reserved = 0;  ///< explicit padding: records are compared byte for byte
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

  std::int64_t latency() const { return delivered - created; }
  std::int64_t network_latency() const { return delivered - injected; }
};

}  // namespace net
