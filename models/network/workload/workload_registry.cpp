// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/workload_registry.hpp"

#include <memory>

#include "models/network/missions/mission_entry.hpp"
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
  missions::register_workloads(registry);
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
