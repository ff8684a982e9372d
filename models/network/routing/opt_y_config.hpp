// SPDX-License-Identifier: Apache-2.0
//
// The `opt_y` routing and its [opt_y] section:
//
//   opt_y.vc_layout = "shared" (default: an x hop may use both VC classes, warpnet's first
//                     reading) | "4n-2" (Schwiebert & Jayasimha's count: one VC each way in x,
//                     two each way in y; docs/reproduction/speculative.md)
#pragma once

#include "models/network/routing/routing_registry.hpp"

namespace net {

/// Registers the `opt_y` routing with its [opt_y] section.
void register_opt_y(RoutingRegistry& registry);

}  // namespace net
