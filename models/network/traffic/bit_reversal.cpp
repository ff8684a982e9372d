// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/bit_reversal.hpp"

#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

BitReversal::BitReversal(std::uint64_t num_nodes)
    : TrafficPattern(num_nodes), bits_(require_power_of_two(num_nodes, kName)) {}

std::unique_ptr<TrafficPattern> BitReversal::create(const TrafficContext& context,
                                                    const std::any& /*options*/) {
  return std::make_unique<BitReversal>(context.num_nodes);
}

NodeId BitReversal::pick(NodeId source, pdes::Rng&) const {
  NodeId result = 0;
  for (std::uint32_t i = 0; i < bits_; ++i, source >>= 1) result = (result << 1) | (source & 1);
  return result;
}

}  // namespace net::traffic
