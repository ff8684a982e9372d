// SPDX-License-Identifier: Apache-2.0
//
// Checks that a traffic pattern can serve a network, shared by the pattern constructors. Each
// throws pdes::ConfigError with key "traffic.pattern", naming the pattern, the requirement and
// the actual node count, e.g.
//   traffic.pattern: 'transpose' needs 2^b nodes with b even; the network has 32 nodes
#pragma once

#include <cstdint>
#include <string_view>

#include "models/network/traffic/traffic_context.hpp"

namespace net {

/// Returns b = log2(N); requires N to be a power of two.
std::uint32_t require_power_of_two(std::uint64_t num_nodes, std::string_view pattern);

/// Returns b = log2(N); requires N = 2^b with b even (a square 2^(b/2) x 2^(b/2) matrix).
std::uint32_t require_even_power_of_two(std::uint64_t num_nodes, std::string_view pattern);

/// Requires a topology with at least 2 groups (a dragonfly; TrafficContext::groups).
void require_groups(const TrafficContext& context, std::string_view pattern);

/// Requires a Cartesian topology (non-empty radices) consistent with the node count.
void require_radices(const TrafficContext& context, std::string_view pattern);

}  // namespace net
