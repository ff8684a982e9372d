// SPDX-License-Identifier: Apache-2.0
//
// TrafficPhase: one entry of a phased workload (traffic.phases, a TOML array of tables): for
// `duration_cycles` cycles every node sends with `pattern` at offered load `load`. The list of
// phases runs from cycle 0 and repeats (traffic.phases_repeat times, or until the run ends).
// Recurring bursts with the same pattern are what learning routings (seed 004) exploit, so every packet records
// the index of the phase it was generated in (PacketGenerated::phase).
//
// The arrival process within a phase is the run's traffic.injection, restarted at each phase
// boundary (injection_process.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "models/network/node/phase_schedule.hpp"
#include <any>

#include "models/network/traffic/pattern_config.hpp"

namespace net {

inline constexpr std::string_view kPhasesKey = "traffic.phases";
inline constexpr std::string_view kPhasesRepeatKey = "traffic.phases_repeat";

struct TrafficPhase {
  std::uint64_t duration_cycles = 1;  ///< >= 1
  std::string pattern = "uniform";    ///< a TrafficRegistry name
  std::any pattern_options;           ///< the pattern's parameters (its PatternConfig)
  double load = 0.1;                  ///< flits / node / cycle, in [0, 1]
};

}  // namespace net
