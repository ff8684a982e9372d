// SPDX-License-Identifier: Apache-2.0
//
// NodeParams: the immutable parameters of one compute node (NodeLp).
//
// Injection is a Bernoulli process (BookSim2's injection_process = bernoulli): in every cycle a
// packet is generated with probability load / packet_size, so `load` is the offered load in
// flits per node per cycle. It is sampled event-driven as geometric gaps between packets (one
// event per packet, none per idle cycle); generation times are whole cycles >= 1.
#pragma once

#include <cstdint>
#include <limits>
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
  double load = 0.0;              ///< offered load, flits / node / cycle, in [0, 1]
  std::uint64_t warmup_cycles = 0;
  /// No random packet is generated at or after this cycle (the drain phase follows).
  std::uint64_t injection_end_cycle = std::numeric_limits<std::uint64_t>::max();
  RouterParams router;  ///< cycle, link latency, VCs, buffer depth, switching of the NI
  std::vector<ScriptedPacket> scripted;  ///< this node's extra packets (tests)
};

}  // namespace net
