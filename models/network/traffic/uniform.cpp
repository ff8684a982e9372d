// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/uniform.hpp"

namespace net::traffic {

std::unique_ptr<TrafficPattern> Uniform::create(const TrafficContext& context,
                                                const std::any& /*options*/) {
  return std::make_unique<Uniform>(context.num_nodes);
}

NodeId Uniform::pick(NodeId, pdes::Rng& rng) const { return rng.uniform_int(num_nodes()); }

}  // namespace net::traffic
