// SPDX-License-Identifier: Apache-2.0
//
// NodeParams: the immutable parameters of one compute node (NodeLp). What the node's traffic
// source generates, and when (offered load, arrival process, phases, injection end), is its
// TrafficSource (traffic_source.hpp), shared by all nodes.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/router/router_params.hpp"

namespace net {

struct ScriptedPacket {
  std::uint64_t src = 0;    ///< node
  std::uint64_t dst = 0;    ///< node
  std::uint64_t cycle = 1;  ///< generation cycle, >= 1
};

struct NodeParams {
  std::uint32_t packet_size = 1;  ///< flits
  /// Packets created before this cycle are not `measured` (PacketDelivered::measured).
  std::uint64_t warmup_cycles = 0;
  RouterParams router;  ///< cycle, link latency, VCs, buffer depth, switching of the NI
  std::vector<ScriptedPacket> scripted;  ///< this node's extra packets (tests)
};

}  // namespace net
