// SPDX-License-Identifier: Apache-2.0
//
// Seed 002's selections' registration: local_status, speculative_1hop and speculative_2hop,
// sharing the [speculative] section (speculative_params.hpp).
#pragma once

#include "models/network/selection/selection_registry.hpp"

namespace net::speculative {

void register_selection(SelectionRegistry& registry);

}  // namespace net::speculative
