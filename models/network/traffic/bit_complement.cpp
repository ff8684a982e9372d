// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/bit_complement.hpp"

#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

BitComplement::BitComplement(std::uint64_t num_nodes) : TrafficPattern(num_nodes) {
  require_power_of_two(num_nodes, kName);
}

std::unique_ptr<TrafficPattern> BitComplement::create(const TrafficContext& context,
                                                      const std::any& /*options*/) {
  return std::make_unique<BitComplement>(context.num_nodes);
}

NodeId BitComplement::pick(NodeId source, pdes::Rng&) const { return ~source & (num_nodes() - 1); }

}  // namespace net::traffic
