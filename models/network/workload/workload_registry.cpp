// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/workload_registry.hpp"

#include <memory>

#include "models/network/missions/message_lp_kinds.hpp"
#include "models/network/missions/mission_stream_workload.hpp"
#include "models/network/missions/mission_workload.hpp"
#include "models/network/workload/message_list_workload.hpp"
#include "models/network/workload/replay/collective_algorithms.hpp"
#include "models/network/workload/replay/rank_mapping.hpp"
#include "models/network/workload/replay/logical_trace.hpp"
#include "models/network/workload/replay/replay_workload.hpp"
#include "models/network/workload/replay/skeletons/skeleton_trace.hpp"
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

// A replay of `trace` with the [workload] section's placement and replay settings.
std::unique_ptr<Workload> replay_of(const WorkloadSetup& s,
                                    std::shared_ptr<const replay::TraceSource> trace,
                                    const char* ranks_key) {
  const WorkloadParams& w = s.params.workload;
  // Replay attaches an envelope to every message (message notes), which only the flit-level
  // network interface carries.
  if (s.params.node_kind != "network_interface") {
    throw pdes::ConfigError("workload.kind",
                            "value \"" + w.kind + "\" needs network.node_kind = "
                            "\"network_interface\" (it is \"" + s.params.node_kind +
                                "\": the message-level adapter carries no message notes)");
  }
  const std::uint64_t nodes = s.topology.num_nodes();
  const std::uint32_t ranks = trace->ranks();
  if (ranks > nodes) {
    throw pdes::ConfigError(ranks_key, "the workload has " + std::to_string(ranks) +
                                           " ranks, the network only " + std::to_string(nodes) +
                                           " nodes");
  }
  replay::ReplayParams p;
  p.flit_bytes = w.flit_bytes;
  p.compute_scale = w.compute_scale;
  p.cycle_ps = s.params.router.cycle_ps;
  p.eager_limit = w.eager_limit;
  p.ideal_bandwidth = w.ideal_bandwidth;
  p.algorithms = replay::collective_algorithms_from(w.tree, w.allreduce, w.barrier, w.alltoall,
                                                   w.allgather);
  if (p.algorithms.allreduce == replay::AllreduceAlgorithm::kRecursiveDoubling && (ranks & (ranks - 1)) != 0) {
    throw pdes::ConfigError("workload.allreduce",
                            "value \"recursive_doubling\" needs a power-of-two number of ranks; "
                            "the workload has " + std::to_string(ranks) +
                                " (use \"reduce_bcast\")");
  }
  return std::make_unique<replay::ReplayWorkload>(
      std::move(trace), replay::map_ranks(w.rank_mapping, w.mapping_seed, ranks, nodes, w.mapping_file), nodes,
      p);
}

std::unique_ptr<Workload> make_replay(const WorkloadSetup& s) {
  const WorkloadParams& w = s.params.workload;
  if (w.trace_dir.empty()) {
    throw pdes::ConfigError("workload.trace_dir",
                            "is required by workload.kind = \"replay\": the directory of "
                            "rank-<r>.trace files");
  }
  // The files themselves are read by the process that simulates their ranks, before the run
  // starts (ReplayWorkload::load_input): a bad line still stops the run before it starts.
  return replay_of(s, std::make_shared<const replay::LogicalTrace>(w.trace_dir),
                   "workload.trace_dir");
}

std::unique_ptr<Workload> make_skeleton(const WorkloadSetup& s) {
  const WorkloadParams& w = s.params.workload;
  replay::SkeletonParams p;
  p.ranks = w.skeleton_ranks != 0 ? w.skeleton_ranks
                                  : static_cast<std::uint32_t>(s.topology.num_nodes());
  p.iterations = w.iterations;
  p.problem_size = w.problem_size;
  p.ns_per_point = w.ns_per_point;
  p.bytes_per_point = w.bytes_per_point;
  return replay_of(s, std::make_shared<const replay::SkeletonTrace>(w.skeleton, p),
                   "workload.skeleton_ranks");
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
  registry.add("message_list", "messages listed in workload.message_file", make_message_list);
  registry.add("replay", "MPI ranks replaying the logical traces of workload.trace_dir",
               make_replay);
  registry.add("skeleton", "MPI ranks running an application skeleton (workload.skeleton)",
               make_skeleton);
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
