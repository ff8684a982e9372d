// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp_transport.hpp"

#include "models/network/routing/drb/dimension_order_transport.hpp"
#include "models/network/routing/drb/dragonfly_transport.hpp"
#include "models/network/routing/drb/fat_tree_transport.hpp"

namespace net::drb {

std::unique_ptr<MspTransport> make_msp_transport(const Topology& topology,
                                                 const DrbParams& params, TorusTie tie) {
  if (const auto* tree = dynamic_cast<const FatTree*>(&topology)) {
    return std::make_unique<FatTreeTransport>(*tree, params);
  }
  if (const auto* dragonfly = dynamic_cast<const Dragonfly*>(&topology)) {
    return std::make_unique<DragonflyTransport>(*dragonfly, params);
  }
  return std::make_unique<DimensionOrderTransport>(topology, params, tie);
}

}  // namespace net::drb
