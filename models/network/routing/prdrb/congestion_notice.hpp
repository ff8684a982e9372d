// SPDX-License-Identifier: Apache-2.0
//
// CongestionNotice: what a PR-DRB router tells sources about a congested output (seed 004
// §3.3.1 and §3.4, Figs. 3.16–3.18, the "predictive optional header": the router id and the
// contending flows), carried in a ControlMessage's 32-byte body (event/control_message.hpp).
//
// Two topics, one per notification design (prdrb.notification, docs/prdrb.md):
//   - kPredictiveAck (router-based, §3.4, Alg. A.4): the router sends it in band to each
//     selected source (RouterControl::send_to_node); the source acts on it when it arrives.
//   - kWithPacket (destination-based, §3.2.2, Alg. A.1): the flows ride with the data packet
//     that waited (`packet_seq`) to its destination and come back in that packet's ACK. The
//     12-byte routing header has no room for them, so the model carries them beside the packet:
//     the router hands them to the packet's source through the ideal side channel, and the
//     source holds them until that packet's ACK arrives, then uses them as if the ACK had
//     brought them. What the source knows and when is the same as with the bytes in the ACK;
//     only their link cost is not modelled (docs/prdrb.md, "Notification").
#pragma once

#include <cstdint>
#include <type_traits>

#include "models/network/routing/prdrb/flow_set.hpp"

namespace net::prdrb {

enum NoticeTopic : std::uint8_t { kPredictiveAck = 1, kWithPacket = 2 };

struct CongestionNotice {
  std::uint32_t router = 0;      ///< the router that detected the congestion
  std::uint32_t packet_seq = 0;  ///< kWithPacket: the data packet that carries the flows
  FlowSet flows;                 ///< the contending flows notified (main contributors)
  bool operator==(const CongestionNotice&) const = default;
};

static_assert(std::is_trivially_copyable_v<CongestionNotice>);
static_assert(std::has_unique_object_representations_v<CongestionNotice>);
static_assert(sizeof(CongestionNotice) == 32, "fills a ControlMessage body exactly");

}  // namespace net::prdrb
