// SPDX-License-Identifier: Apache-2.0
//
// SourceMessage: a message waiting, whole or in part, in a node's source queue (NodeState).
// Its packets were created (and recorded, PacketGenerated) when it was released; they take
// the sequence numbers first_seq, first_seq + 1, ... and leave in that order, one at each
// packet boundary at which the source scheduler picks this message.
#pragma once

#include <algorithm>
#include <cstdint>

namespace net {

struct SourceMessage {
  std::uint32_t dst = 0;
  std::uint32_t message = 0;  ///< id at its source (WorkloadContext::send)
  std::int64_t created = 0;   ///< release time (ticks)
  std::uint32_t first_seq = 0;
  std::uint32_t flits = 0;       ///< message length
  std::uint16_t packets = 0;     ///< ceil(flits / packet size)
  std::uint16_t packets_sent = 0;
  std::uint32_t reserved = 0;  ///< explicit padding

  std::uint32_t flits_left(std::uint32_t packet_size) const {
    return flits - std::min<std::uint32_t>(flits, std::uint32_t{packets_sent} * packet_size);
  }
  /// Flits of the next packet to send: a full packet, or what is left of the message.
  std::uint32_t next_packet_flits(std::uint32_t packet_size) const {
    return std::min(packet_size, flits_left(packet_size));
  }
  bool operator==(const SourceMessage&) const = default;
};

}  // namespace net
