// SPDX-License-Identifier: Apache-2.0
//
// DRB's registration as a routing algorithm: the name "drb", its [drb] section (drb_config.hpp)
// and its factory (DrbRouting with the zero-load latency of eq. [3] from the router model).
#pragma once

#include "models/network/routing/routing_registry.hpp"

namespace net::drb {

void register_routing(RoutingRegistry& registry);

}  // namespace net::drb
