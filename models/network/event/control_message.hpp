// SPDX-License-Identifier: Apache-2.0
//
// ControlMessage: the payload of a kControl event, a message that a router or node originates
// for another one — a congestion notification, a neighbour's status, a circuit probe. The
// network model moves it; the part of the model that sent it (a routing algorithm, a selection
// function) defines what it means: `topic` tells its messages apart, `body` holds its own
// struct (event/opaque_bytes.hpp).
//
// How it travels (router/router_control.hpp): over one link to a neighbouring router, holding
// the link for a given number of cycles (data flits wait meanwhile); hop by hop to a compute
// node, holding each link on its way in the same manner (relay_to); or through the ideal side
// channel after a given delay to any router or node, using no network resources. A router's
// timer is a control message to itself.
#pragma once

#include <cstdint>
#include <limits>

#include "models/network/event/opaque_bytes.hpp"

namespace net {

using ControlBody = OpaqueBytes<32>;

/// Which part of the model a control message belongs to, at the router that receives it.
enum class ControlOwner : std::uint8_t { kRouting = 0, kSelection = 1 };

struct ControlMessage {
  std::uint32_t origin = 0;  ///< router or node id of the sender (see origin_is_router)
  std::uint8_t origin_is_router = 0;
  std::uint8_t topic = 0;    ///< which of its owner's messages this is
  ControlOwner owner = ControlOwner::kRouting;
  std::uint8_t timer = 0;    ///< 1: a timer the receiver set for itself (router/router_control.hpp)
  std::int64_t sent = 0;     ///< when it was sent (ticks), to measure staleness
  /// A message relayed to a compute node (RouterControl::send_to_node): the node, the cycles
  /// it holds each link, and the links crossed so far. kNoRelay: not relayed.
  static constexpr std::uint32_t kNoRelay = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t relay_to = kNoRelay;
  std::uint16_t relay_occupy = 0;
  std::uint8_t hops = 0;
  std::uint8_t reserved = 0;  ///< explicit padding
  ControlBody body;
  bool operator==(const ControlMessage&) const = default;
};

}  // namespace net
