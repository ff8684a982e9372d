// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/workload_registry.hpp"

#include <memory>

#include "models/network/workload/message_list_workload.hpp"
#include "models/network/workload/replay/rank_mapping.hpp"
#include "models/network/workload/replay/replay_workload.hpp"
#include "models/network/workload/synthetic_workload.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

std::unique_ptr<Workload> make_synthetic(const WorkloadSetup& s) {
  return std::make_unique<SyntheticWorkload>(s.traffic, s.params.packet_size);
}

std::unique_ptr<Workload> make_message_list(const WorkloadSetup& s) {
  if (s.params.workload.message_file.empty()) {
    throw pdes::ConfigError("workload.message_file",
                            "is required by workload.kind = \"message_list\": the file of "
                            "messages ('cycle src dst flits [group]' per line)");
  }
  return std::make_unique<MessageListWorkload>(MessageListWorkload::read(
      s.params.workload.message_file, s.topology.num_nodes(), s.params.packet_size));
}

std::unique_ptr<Workload> make_replay(const WorkloadSetup& s) {
  const WorkloadParams& w = s.params.workload;
  if (w.trace_dir.empty()) {
    throw pdes::ConfigError("workload.trace_dir",
                            "is required by workload.kind = \"replay\": the directory of "
                            "rank-<r>.trace files");
  }
  auto trace = std::make_shared<const replay::LogicalTrace>(w.trace_dir);
  const std::uint64_t nodes = s.topology.num_nodes();
  if (trace->ranks() > nodes) {
    throw pdes::ConfigError("workload.trace_dir",
                            "the trace has " + std::to_string(trace->ranks()) +
                                " ranks, the network only " + std::to_string(nodes) + " nodes");
  }
  replay::ReplayParams p;
  p.flit_bytes = w.flit_bytes;
  p.compute_scale = w.compute_scale;
  p.cycle_ps = s.params.router.cycle_ps;
  p.allreduce = w.allreduce == "recursive_doubling" ? replay::AllreduceAlgorithm::kRecursiveDoubling
                                                    : replay::AllreduceAlgorithm::kReduceBcast;
  const std::uint32_t ranks = trace->ranks();
  if (p.allreduce == replay::AllreduceAlgorithm::kRecursiveDoubling && (ranks & (ranks - 1)) != 0) {
    throw pdes::ConfigError("workload.allreduce",
                            "value \"recursive_doubling\" needs a power-of-two number of ranks; "
                            "the trace has " + std::to_string(ranks) +
                                " (use \"reduce_bcast\")");
  }
  trace->check();  // every file, once: a bad line stops the run before it starts
  return std::make_unique<replay::ReplayWorkload>(
      trace, replay::map_ranks(w.rank_mapping, w.mapping_seed, ranks, nodes), nodes, p);
}

template <class Scheduler>
SchedulerRegistry::Factory scheduler() {
  return [] { return std::make_unique<Scheduler>(); };
}

}  // namespace

void register_workloads(WorkloadRegistry& registry) {
  registry.add("synthetic", "the [traffic] section: patterns, loads, phases (default)",
               make_synthetic);
  registry.add("message_list", "messages listed in workload.message_file", make_message_list);
  registry.add("replay", "MPI ranks replaying the logical traces of workload.trace_dir",
               make_replay);
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
