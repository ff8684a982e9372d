// SPDX-License-Identifier: Apache-2.0
//
// The `nca` routing and its [nca] section: nearest-common-ancestor routing on a fat tree with
// the up-port policy as a parameter (fat_tree_nca.hpp), so that one configuration can sweep
// the thesis's baselines with `--set nca.up_port=deterministic,random,cyclic`.
//
//   nca.up_port = "deterministic" (default: d-mod-k, the static route every DRB metapath
//                 starts from, so `nca` and DRB of width 1 take the same paths)
//
// The older names nca_deterministic, nca_random, nca_adaptive (and nca_cyclic) stay as fixed
// policies without a section.
#pragma once

#include "models/network/routing/routing_registry.hpp"

namespace net {

/// Registers the `nca` routing with its [nca] section.
void register_fat_tree_nca(RoutingRegistry& registry);

}  // namespace net
