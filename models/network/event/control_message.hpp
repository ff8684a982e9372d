// SPDX-License-Identifier: Apache-2.0
//
// ControlMessage: the payload of a kControl event, a message that a router or node originates
// for another one — a congestion notification, a neighbour's status, a circuit probe. The
// network model moves it; the part of the model that sent it (a routing algorithm, a selection
// function) defines what it means: `topic` tells its messages apart, `body` holds its own
// struct (event/opaque_bytes.hpp).
//
// How it travels (routing/control_path.hpp): over one link to a neighbouring router, holding the
// link for a given number of cycles (data flits wait meanwhile), or through the ideal side
// channel after a given delay, using no network resources.
#pragma once

#include <cstdint>

#include "models/network/event/opaque_bytes.hpp"

namespace net {

using ControlBody = OpaqueBytes<40>;

struct ControlMessage {
  std::uint32_t origin = 0;  ///< router or node id of the sender (see origin_is_router)
  std::uint8_t origin_is_router = 0;
  std::uint8_t topic = 0;    ///< which of its owner's messages this is
  std::uint16_t reserved = 0;
  std::int64_t sent = 0;     ///< when it was sent (ticks), to measure staleness
  ControlBody body;
  bool operator==(const ControlMessage&) const = default;
};

}  // namespace net
