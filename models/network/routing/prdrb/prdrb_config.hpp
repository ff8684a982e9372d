// SPDX-License-Identifier: Apache-2.0
//
// The [prdrb] configuration section (docs/prdrb.md, docs/network-config.md). PR-DRB also reads
// the [drb] section for the DRB underneath.
#pragma once

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"

namespace net::prdrb {

void declare_prdrb_section(io::Schema& schema);

/// The [drb] and [prdrb] sections of a validated configuration.
PrDrbParams prdrb_params_from(const io::Config& config);

}  // namespace net::prdrb
