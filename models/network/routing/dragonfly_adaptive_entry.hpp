// SPDX-License-Identifier: Apache-2.0
// Registration of the dragonfly's source-adaptive routings, ugal_local and par
// (dragonfly_adaptive.hpp), with their shared [ugal] section.
#pragma once

#include "models/network/routing/dragonfly_adaptive.hpp"
#include "models/network/routing/routing_registry.hpp"

namespace net {

void register_dragonfly_adaptive(RoutingRegistry& registry);

/// Declares the [ugal] section (ugal.threshold, ugal.queue_estimate, and ugal_global's
/// ugal.global_info and ugal.exchange_delay), shared by ugal_local, par and ugal_global.
void declare_ugal_section(io::Schema& s);
/// Reads the [ugal] section.
UgalParams read_ugal_params(const io::Config& config);

}  // namespace net
