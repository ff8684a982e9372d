// SPDX-License-Identifier: Apache-2.0
//
// Registration of PR-DRB (`prdrb`) in the routing registry (routing/routing_registry.cpp).
#pragma once

#include "models/network/routing/routing_registry.hpp"

namespace net::prdrb {

void register_routing(RoutingRegistry& registry);

}  // namespace net::prdrb
