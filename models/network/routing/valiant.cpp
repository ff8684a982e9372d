// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/valiant.hpp"

namespace net {

ValiantRouting::ValiantRouting(const Topology& topology, TorusTie tie)
    : topology_(topology), phases_(topology, 1, tie) {}

void ValiantRouting::prepare(Flit& head, pdes::Rng& rng) const {
  MultiPhaseHeader route;
  route.via[0] = static_cast<std::uint32_t>(rng.uniform_int(topology_.num_nodes()));
  route.vias = 1;
  head.route.set(route);
}

}  // namespace net
