// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/workload_registry.hpp"

#include <memory>

#include "models/network/missions/message_lp_kinds.hpp"
#include "models/network/missions/mission_stream_workload.hpp"
#include "models/network/missions/mission_workload.hpp"
#include "models/network/workload/message_list_entry.hpp"
#include "models/network/workload/replay/replay_entry.hpp"
#include "models/network/workload/synthetic_workload.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

std::unique_ptr<Workload> make_synthetic(const WorkloadSetup& s) {
  return std::make_unique<SyntheticWorkload>(s.traffic, s.params.packet_size,
                                             traffic_summary(s.params));
}

std::unique_ptr<Workload> make_mission(const WorkloadSetup& s) {
  const std::uint32_t n = missions::message_level_dimension(s.topology, "workload.kind");
  return std::make_unique<missions::MissionWorkload>(
      s.params.missions.mission, s.topology.num_nodes(), n,
      s.params.missions.adapter.links == "half_duplex",
      s.params.missions.adapter.switching == "message",
      s.params.missions.adapter.switching == "circuit" ? missions::ScheduleMode::kCircuit
      : s.params.missions.adapter.switching == "vct"   ? missions::ScheduleMode::kCutThrough
                                                       : missions::ScheduleMode::kMessage);
}

std::unique_ptr<Workload> make_mission_stream(const WorkloadSetup& s) {
  missions::message_level_dimension(s.topology, "workload.kind");
  return std::make_unique<missions::MissionStreamWorkload>(s.params.missions.mission,
                                                           s.topology.num_nodes());
}

template <class Scheduler>
SchedulerRegistry::Factory scheduler() {
  return [] { return std::make_unique<Scheduler>(); };
}

}  // namespace

void register_workloads(WorkloadRegistry& registry) {
  registry.add("synthetic", "the [traffic] section: patterns, loads, phases (default)",
               make_synthetic);
  register_message_list_workload(registry);
  replay::register_workloads(registry);
  registry.add("mission", "bursty hypercube missions, the [mission] section (docs/missions.md)",
               make_mission);
  registry.add("mission_stream",
               "steady Poisson messages per node, the [mission] section (docs/missions.md)",
               make_mission_stream);
}

void register_source_schedulers(SchedulerRegistry& registry) {
  registry.add("fifo", "oldest message first, whole (default)", scheduler<FifoScheduler>());
  registry.add("shortest_first", "fewest flits left first; ties: oldest",
               scheduler<ShortestFirstScheduler>());
}

std::vector<std::string> workload_names() {
  WorkloadRegistry registry;
  register_workloads(registry);
  return registry.names();
}

std::vector<std::string> source_scheduler_names() {
  SchedulerRegistry registry;
  register_source_schedulers(registry);
  return registry.names();
}

}  // namespace net
