// SPDX-License-Identifier: Apache-2.0
//
// Workloads (workload.kind) and source schedulers (workload.scheduler) by name.
//
//   WorkloadRegistry workloads;
//   register_workloads(workloads);
//   std::unique_ptr<Workload> w = workloads.create("synthetic", WorkloadSetup{params, topology,
//                                                                             traffic});
//
// A workload with keys of its own registers them with it (io::PartConfig): its options reach
// its factory as WorkloadSetup::options. Adding a workload: its own files (a class, and an entry
// file with its keys and factory), one registration line in workload_registry.cpp.
#pragma once

#include <any>
#include <memory>
#include <string>
#include <vector>

#include "models/network/build/network_params.hpp"
#include "models/network/node/traffic_source.hpp"
#include "io/config/configurable_registry.hpp"
#include "pdes/registry.hpp"
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
  /// The workload's own parameters, as its io::PartConfig::read made them; empty: defaults.
  std::any options{};
};

class WorkloadRegistry : public io::ConfigurableRegistry<Workload, const WorkloadSetup&> {
 public:
  WorkloadRegistry() : ConfigurableRegistry("workload.kind", "workload") {}
};

class SchedulerRegistry : public pdes::FactoryRegistry<SourceScheduler> {
 public:
  SchedulerRegistry() : FactoryRegistry("workload.scheduler", "source scheduler") {}
};

/// Adds every workload, one line each.
void register_workloads(WorkloadRegistry& registry);
/// Adds every source scheduler, one line each.
void register_source_schedulers(SchedulerRegistry& registry);

std::vector<std::string> workload_names();
std::vector<std::string> source_scheduler_names();

}  // namespace net
