// SPDX-License-Identifier: Apache-2.0
//
// Workloads (workload.kind) and source schedulers (workload.scheduler) by name.
//
//   WorkloadRegistry workloads;
//   register_workloads(workloads);
//   std::unique_ptr<Workload> w = workloads.create("synthetic", WorkloadSetup{params, topology,
//                                                                             traffic});
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "models/network/build/network_params.hpp"
#include "models/network/node/traffic_source.hpp"
#include "models/network/topology/named_registry.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/workload/source_scheduler.hpp"
#include "models/network/workload/workload.hpp"

namespace net {

/// What a workload is built from. `traffic` is the [traffic] section's source, built (and
/// checked) whichever workload runs.
struct WorkloadSetup {
  const NetworkParams& params;
  const Topology& topology;
  std::shared_ptr<const TrafficSource> traffic;
};

class WorkloadRegistry : public NamedRegistry<Workload, const WorkloadSetup&> {
 public:
  WorkloadRegistry() : NamedRegistry("workload.kind", "workload") {}
};

class SchedulerRegistry : public NamedRegistry<SourceScheduler> {
 public:
  SchedulerRegistry() : NamedRegistry("workload.scheduler", "source scheduler") {}
};

/// Adds every workload, one line each.
void register_workloads(WorkloadRegistry& registry);
/// Adds every source scheduler, one line each.
void register_source_schedulers(SchedulerRegistry& registry);

std::vector<std::string> workload_names();
std::vector<std::string> source_scheduler_names();

}  // namespace net
