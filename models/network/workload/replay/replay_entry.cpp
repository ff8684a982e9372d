// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/replay_entry.hpp"

#include <limits>
#include <memory>

#include "io/config/configurable_registry.hpp"
#include "models/network/workload/config_paths.hpp"
#include "models/network/workload/replay/collective_algorithms.hpp"
#include "models/network/workload/replay/logical_trace.hpp"
#include "models/network/workload/replay/rank_mapping.hpp"
#include "models/network/workload/replay/replay_workload.hpp"
#include "models/network/workload/replay/skeletons/skeleton_trace.hpp"
#include "pdes/error.hpp"

namespace net::replay {

namespace {

constexpr std::int64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();

void declare_settings(io::Schema& s) {
  const ReplaySettings d;
  s.add_choice("workload.rank_mapping", d.rank_mapping, {"linear", "random", "file"})
      .describe(
          "replay, skeleton: rank r on node r (linear), on a seeded random permutation, or as "
          "workload.mapping_file says");
  s.add_string("workload.mapping_file", d.mapping_file)
      .describe(
          "rank_mapping = file: the node of each rank, one node id per line in rank order; "
          "relative to the configuration file's folder");
  s.add_int("workload.mapping_seed", static_cast<std::int64_t>(d.mapping_seed))
      .range(0, std::numeric_limits<std::int64_t>::max())
      .describe("replay, rank_mapping = random: the permutation's seed");
  s.add_float("workload.compute_scale", d.compute_scale)
      .min(0.0)
      .finite()
      .describe("replay: compute gaps are multiplied by this (0: communication only)");
  s.add_int("workload.flit_bytes", d.flit_bytes)
      .range(1, 1 << 20)
      .unit("bytes")
      .describe("replay: bytes per flit (a message of B bytes is ceil(B / flit_bytes) flits)");
  s.add_choice("workload.allreduce", d.allreduce, allreduce_algorithm_names())
      .describe(
          "replay, skeleton: allreduce as a binomial reduce to rank 0 then a bcast, or by "
          "recursive doubling (a power-of-two number of ranks; a communicator of another size "
          "reduces and broadcasts)");
  s.add_choice("workload.tree", d.tree, tree_shape_names())
      .describe(
          "replay, skeleton: the tree of bcast, reduce, reduce_bcast allreduce and tree "
          "barrier: binomial (MPICH) or flat (the root exchanges with every rank directly)");
  s.add_choice("workload.barrier", d.barrier, barrier_algorithm_names())
      .describe(
          "replay, skeleton: barrier by dissemination (ceil(log2 P) rounds of one message per "
          "rank) or as a tree (gather to rank 0 along workload.tree, then release)");
  s.add_choice("workload.alltoall", d.alltoall, alltoall_algorithm_names())
      .describe(
          "replay, skeleton: alltoall by pairwise exchange (P - 1 rounds), linear (every "
          "message at once) or Bruck's algorithm (ceil(log2 P) rounds of combined blocks)");
  s.add_choice("workload.allgather", d.allgather, allgather_algorithm_names())
      .describe(
          "replay, skeleton: allgather by a ring (P - 1 rounds), recursive doubling (log2 P "
          "rounds; Bruck's when P is not a power of two) or Bruck's algorithm");
  s.add_int("workload.eager_limit", static_cast<std::int64_t>(d.eager_limit))
      .range(0, std::int64_t{1} << 40)
      .unit("bytes")
      .describe(
          "replay, skeleton: point-to-point messages above this size use the rendezvous "
          "protocol (request to send, clear to send, then the data)");
  s.add_float("workload.ideal_bandwidth", d.ideal_bandwidth)
      .min(0.0)
      .unit("bytes/ns")
      .describe(
          "replay, skeleton: 0 (default): messages cross the simulated network; > 0: the ideal "
          "network: a message of B bytes arrives B / ideal_bandwidth ns after its release, "
          "around the network, with no latency and no contention (inf: at once, so the "
          "execution time is the trace's compute critical path)");
}

ReplaySettings settings_from(const io::Config& c) {
  ReplaySettings w;
  w.rank_mapping = c.get_string("workload.rank_mapping");
  w.mapping_file = path_beside_config(c, "workload.mapping_file");
  w.mapping_seed = static_cast<std::uint64_t>(c.get_int("workload.mapping_seed"));
  w.compute_scale = c.get_float("workload.compute_scale");
  w.flit_bytes = static_cast<std::uint32_t>(c.get_int("workload.flit_bytes"));
  w.allreduce = c.get_string("workload.allreduce");
  w.tree = c.get_string("workload.tree");
  w.barrier = c.get_string("workload.barrier");
  w.alltoall = c.get_string("workload.alltoall");
  w.allgather = c.get_string("workload.allgather");
  w.eager_limit = static_cast<std::uint64_t>(c.get_int("workload.eager_limit"));
  w.ideal_bandwidth = c.get_float("workload.ideal_bandwidth");
  return w;
}

io::KeyGroup settings_group() { return {"workload replay settings", declare_settings}; }

void declare_replay(io::Schema& s) {
  s.add_string("workload.trace_dir", "")
      .describe(
          "replay: the directory of logical traces, rank-0.trace .. rank-(P-1).trace "
          "(docs/workloads.md); relative to the configuration file's folder");
}

void declare_skeleton(io::Schema& s) {
  const SkeletonOptions d;
  s.add_choice("workload.skeleton", d.skeleton, skeleton_names())
      .describe("skeleton: the application (lu, mg, lammps, pop, sweep3d, fft; docs/workloads.md)");
  s.add_int("workload.skeleton_ranks", d.ranks)
      .range(0, kMaxU32)
      .describe("skeleton: MPI ranks (0: one per node)");
  s.add_int("workload.iterations", d.iterations)
      .range(1, 1'000'000)
      .describe("skeleton: time steps or solver iterations");
  s.add_int("workload.problem_size", d.problem_size)
      .range(1, 1'000'000)
      .unit("points")
      .describe("skeleton: points per dimension of the global grid");
  s.add_float("workload.ns_per_point", d.ns_per_point)
      .min(0.0)
      .finite()
      .unit("ns")
      .describe("skeleton: compute per grid point and step");
  s.add_int("workload.bytes_per_point", d.bytes_per_point)
      .range(1, 1 << 20)
      .unit("bytes")
      .describe("skeleton: bytes of one point in a message");
}

// A replay of `trace` with the shared placement and replay settings.
std::unique_ptr<Workload> replay_of(const WorkloadSetup& s, const ReplaySettings& w,
                                    std::shared_ptr<const TraceSource> trace,
                                    const char* ranks_key) {
  const std::uint64_t nodes = s.topology.num_nodes();
  const std::uint32_t ranks = trace->ranks();
  if (ranks > nodes) {
    throw pdes::ConfigError(ranks_key, "the workload has " + std::to_string(ranks) +
                                           " ranks, the network only " + std::to_string(nodes) +
                                           " nodes");
  }
  ReplayParams p;
  p.flit_bytes = w.flit_bytes;
  p.compute_scale = w.compute_scale;
  p.cycle_ps = s.params.router.cycle_ps;
  p.eager_limit = w.eager_limit;
  p.ideal_bandwidth = w.ideal_bandwidth;
  p.algorithms = collective_algorithms_from(w.tree, w.allreduce, w.barrier, w.alltoall,
                                            w.allgather);
  if (p.algorithms.allreduce == AllreduceAlgorithm::kRecursiveDoubling &&
      (ranks & (ranks - 1)) != 0) {
    throw pdes::ConfigError("workload.allreduce",
                            "value \"recursive_doubling\" needs a power-of-two number of ranks; "
                            "the workload has " +
                                std::to_string(ranks) + " (use \"reduce_bcast\")");
  }
  return std::make_unique<ReplayWorkload>(
      std::move(trace), map_ranks(w.rank_mapping, w.mapping_seed, ranks, nodes, w.mapping_file),
      nodes, p);
}

std::unique_ptr<Workload> make_replay(const WorkloadSetup& s) {
  const auto o = io::options_or_default<ReplayOptions>(s.options);
  if (o.trace_dir.empty()) {
    throw pdes::ConfigError("workload.trace_dir",
                            "is required by workload.kind = \"replay\": the directory of "
                            "rank-<r>.trace files");
  }
  // The files themselves are read by the process that simulates their ranks, before the run
  // starts (ReplayWorkload::load_input): a bad line still stops the run before it starts.
  return replay_of(s, o.settings, std::make_shared<const LogicalTrace>(o.trace_dir),
                   "workload.trace_dir");
}

std::unique_ptr<Workload> make_skeleton(const WorkloadSetup& s) {
  const auto o = io::options_or_default<SkeletonOptions>(s.options);
  SkeletonParams p;
  p.ranks = o.ranks != 0 ? o.ranks : static_cast<std::uint32_t>(s.topology.num_nodes());
  p.iterations = o.iterations;
  p.problem_size = o.problem_size;
  p.ns_per_point = o.ns_per_point;
  p.bytes_per_point = o.bytes_per_point;
  return replay_of(s, o.settings, std::make_shared<const SkeletonTrace>(o.skeleton, p),
                   "workload.skeleton_ranks");
}

}  // namespace

void register_workloads(WorkloadRegistry& registry) {
  registry.add("replay", "MPI ranks replaying the logical traces of workload.trace_dir",
               make_replay,
               io::PartConfig{"workload.trace_dir", declare_replay,
                              [](const io::Config& c) -> std::any {
                                return ReplayOptions{settings_from(c),
                                                     path_beside_config(c, "workload.trace_dir")};
                              },
                              {settings_group()}});
  registry.add("skeleton", "MPI ranks running an application skeleton (workload.skeleton)",
               make_skeleton,
               io::PartConfig{"workload skeleton", declare_skeleton,
                              [](const io::Config& c) -> std::any {
                                SkeletonOptions o;
                                o.settings = settings_from(c);
                                o.skeleton = c.get_string("workload.skeleton");
                                o.ranks = static_cast<std::uint32_t>(
                                    c.get_int("workload.skeleton_ranks"));
                                o.iterations =
                                    static_cast<std::uint32_t>(c.get_int("workload.iterations"));
                                o.problem_size = static_cast<std::uint32_t>(
                                    c.get_int("workload.problem_size"));
                                o.ns_per_point = c.get_float("workload.ns_per_point");
                                o.bytes_per_point = static_cast<std::uint32_t>(
                                    c.get_int("workload.bytes_per_point"));
                                return o;
                              },
                              {settings_group()}});
}

}  // namespace net::replay
