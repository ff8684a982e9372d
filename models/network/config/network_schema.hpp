// SPDX-License-Identifier: Apache-2.0
//
// The configuration keys of the network model (simulation.model = "network"), declared once:
// [network] topology and routing, [router] the VC router, [traffic] pattern, load and
// injection (with [traffic.hot_spot], [traffic.periodic], [traffic.on_off] and the
// [[traffic.phases]] tables), [metrics] what the results record. `warpnet config --explain`
// prints them; docs/network-config.md explains each.
//
// Defaults come from the default-constructed parameter structs (NetworkParams, RouterParams,
// InjectionParams), so that the code and the configuration cannot disagree. Keys whose absence
// means something, or that only some topologies or patterns use, are optional (no default):
// the model tells "not given" from "given" and rejects a key that does not apply (network.n on
// a mesh).
//
// Time: the network model's time unit in configuration files is the router cycle
// (simulation.end_time = 20000 is 20,000 cycles). A cycle is kTicksPerCycle kernel ticks (one
// tick = 1 ps at the 1 GHz this implies); it is fixed, not a key, because nothing in the model
// depends on a cycle's length in seconds.
#pragma once

#include <cstdint>

#include "io/config/schema.hpp"

namespace net {

/// Kernel ticks per router cycle (RouterParams::cycle_ps's default).
inline constexpr std::int64_t kTicksPerCycle = 1000;

/// Declares every network key; the sections are active when simulation.model = "network".
void declare_network_schema(io::Schema& schema);

}  // namespace net
