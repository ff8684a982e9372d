// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/transpose.hpp"

#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

Transpose::Transpose(std::uint64_t num_nodes)
    : TrafficPattern(num_nodes), half_bits_(require_even_power_of_two(num_nodes, kName) / 2) {}

std::unique_ptr<TrafficPattern> Transpose::create(const TrafficContext& context,
                                                  const std::any& /*options*/) {
  return std::make_unique<Transpose>(context.num_nodes);
}

NodeId Transpose::pick(NodeId source, pdes::Rng&) const {
  return (source >> half_bits_) | ((source << half_bits_) & (num_nodes() - 1));
}

}  // namespace net::traffic
