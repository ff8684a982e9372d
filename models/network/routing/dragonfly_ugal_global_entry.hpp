// SPDX-License-Identifier: Apache-2.0
// Registration of ugal_global (dragonfly_ugal_global.hpp), an oracle that runs only on the
// sequential engine; it shares the [ugal] section with ugal_local and par.
#pragma once

#include "models/network/routing/routing_registry.hpp"

namespace net {

void register_dragonfly_ugal_global(RoutingRegistry& registry);

}  // namespace net
