// SPDX-License-Identifier: Apache-2.0
//
// The [drb] section of a network configuration: the keys of DrbParams
// (routing/drb/drb_params.hpp, docs/drb.md). Like every routing's section it is validated
// whatever network.routing says, and read only when network.routing = "drb"
// (routing_registry.hpp).
#pragma once

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/routing/drb/drb_params.hpp"

namespace net::drb {

/// Declares every drb.* key with its default, unit, range and description.
void declare_drb_section(io::Schema& schema);

/// DrbParams from a validated configuration. Checks
/// that need the topology (DrbParams::validate(topology)) are the caller's.
DrbParams drb_params_from(const io::Config& config);

}  // namespace net::drb
