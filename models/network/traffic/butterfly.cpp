// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/butterfly.hpp"

#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

Butterfly::Butterfly(std::uint64_t num_nodes)
    : TrafficPattern(num_nodes), bits_(require_power_of_two(num_nodes, kName)) {}

std::unique_ptr<TrafficPattern> Butterfly::create(const TrafficContext& context,
                                                  const std::any& /*options*/) {
  return std::make_unique<Butterfly>(context.num_nodes);
}

NodeId Butterfly::pick(NodeId source, pdes::Rng&) const {
  if (bits_ < 2) return source;
  const NodeId high = NodeId{1} << (bits_ - 1);
  const NodeId low_bit = source & 1;
  const NodeId high_bit = (source & high) != 0 ? 1 : 0;
  return (source & ~(high | 1)) | (low_bit << (bits_ - 1)) | high_bit;
}

}  // namespace net::traffic
