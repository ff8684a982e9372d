// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/valiant.hpp"

namespace net {

ValiantRouting::ValiantRouting(const Topology& topology)
    : topology_(topology), phases_(topology, 1) {}

void ValiantRouting::prepare(Flit& head, pdes::Rng& rng) const {
  head.via[0] = static_cast<std::uint32_t>(rng.uniform_int(topology_.num_nodes()));
  head.vias = 1;
  head.phase = 0;
}

}  // namespace net
