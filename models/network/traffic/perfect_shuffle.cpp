// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/perfect_shuffle.hpp"

#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

PerfectShuffle::PerfectShuffle(std::uint64_t num_nodes)
    : TrafficPattern(num_nodes), bits_(require_power_of_two(num_nodes, kName)) {}

std::unique_ptr<TrafficPattern> PerfectShuffle::create(const TrafficContext& context,
                                                       const std::any& /*options*/) {
  return std::make_unique<PerfectShuffle>(context.num_nodes);
}

NodeId PerfectShuffle::pick(NodeId source, pdes::Rng&) const {
  if (bits_ == 0) return 0;
  return ((source << 1) & (num_nodes() - 1)) | (source >> (bits_ - 1));
}

}  // namespace net::traffic
