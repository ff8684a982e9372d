// SPDX-License-Identifier: Apache-2.0
//
// The registration of the message-level model's parts: the mission workloads ("mission",
// "mission_stream"; their [mission] section and the [adapter] keys their schedules depend on)
// and the message_switch router kind ([adapter]). docs/missions.md.
#pragma once

#include "models/network/build/lp_kinds.hpp"
#include "models/network/workload/workload_registry.hpp"

namespace net::missions {

/// Adds "mission" and "mission_stream".
void register_workloads(WorkloadRegistry& registry);

}  // namespace net::missions
