// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/mission_entry.hpp"

#include <memory>

#include "io/config/configurable_registry.hpp"
#include "models/network/missions/message_lp_kinds.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/mission_stream_workload.hpp"
#include "models/network/missions/mission_workload.hpp"

namespace net::missions {

namespace {

std::unique_ptr<Workload> make_mission(const WorkloadSetup& s) {
  const auto m = io::options_or_default<MissionSetup>(s.options);
  const std::uint32_t n = message_level_dimension(s.topology, "workload.kind");
  validate(m.adapter);
  return std::make_unique<MissionWorkload>(
      m.mission, s.topology.num_nodes(), n, m.adapter.links == "half_duplex",
      m.adapter.switching == "message",
      m.adapter.switching == "circuit" ? ScheduleMode::kCircuit
      : m.adapter.switching == "vct"   ? ScheduleMode::kCutThrough
                                       : ScheduleMode::kMessage);
}

std::unique_ptr<Workload> make_mission_stream(const WorkloadSetup& s) {
  message_level_dimension(s.topology, "workload.kind");
  const auto m = io::options_or_default<MissionSetup>(s.options);
  validate(m.adapter);
  return std::make_unique<MissionStreamWorkload>(m.mission, s.topology.num_nodes());
}

io::PartConfig mission_config() {
  return {"mission", declare_mission_section,
          [](const io::Config& config) -> std::any { return mission_setup_from(config); },
          {adapter_keys()}};
}

}  // namespace

void register_workloads(WorkloadRegistry& registry) {
  registry.add("mission", "bursty hypercube missions, the [mission] section (docs/missions.md)",
               make_mission, mission_config());
  registry.add("mission_stream",
               "steady Poisson messages per node, the [mission] section (docs/missions.md)",
               make_mission_stream, mission_config());
}

}  // namespace net::missions
