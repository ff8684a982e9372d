// SPDX-License-Identifier: Apache-2.0
#include "models/network/config/network_schema.hpp"

#include <limits>
#include <string>
#include <vector>

#include "models/network/build/lp_kinds.hpp"
#include "models/network/build/network_params.hpp"
#include "models/network/metrics/latency_table.hpp"
#include "models/network/node/injection_params.hpp"
#include "models/network/router/router_params.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "models/network/traffic/traffic_registry.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/workload/replay/collective_algorithms.hpp"
#include "models/network/workload/replay/skeletons/skeleton_trace.hpp"
#include "models/network/workload/workload_registry.hpp"

namespace net {

namespace {

constexpr std::int64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();
// Far beyond any run, and far from overflowing the cycle arithmetic (PhaseSchedule).
constexpr std::int64_t kMaxCycles = std::int64_t{1} << 62;
constexpr std::int64_t kMaxDelay = 1'000'000;  // cycles: a pipeline stage, not a run
constexpr std::int64_t kMaxWindow = std::int64_t{1} << 40;

std::vector<std::string> topology_names() {
  TopologyRegistry registry;
  register_topologies(registry);
  return registry.names();
}

std::vector<std::string> pattern_names() {
  TrafficRegistry registry;
  register_traffic_patterns(registry);
  return registry.names();
}

std::vector<std::string> switching_names() {
  return {std::string(to_string(SwitchingMode::kWormhole)),
          std::string(to_string(SwitchingMode::kVirtualCutThrough)),
          std::string(to_string(SwitchingMode::kStoreAndForward))};
}

std::vector<std::string> arbitration_names() {
  return {std::string(to_string(Arbitration::kRoundRobin)),
          std::string(to_string(Arbitration::kAge))};
}

void activate_with_model(io::Schema& schema, const std::string& section) {
  schema.section_active_when(section, "simulation.model", "network");
}

void declare_network_section(io::Schema& s, const NetworkParams& d) {
  s.describe_section("network", "Interconnection network: topology and routing");
  activate_with_model(s, "network");
  s.add_choice("network.topology", d.topology, topology_names())
      .describe(
          "Topology family; its size keys are network.dims (mesh, torus), network.n "
          "(hypercube, fat_tree) and network.k (fat_tree)");
  s.add_int_list("network.dims", {})
      .optional()
      .range(1, kMaxU32)
      .describe("mesh, torus: routers per dimension, e.g. [8, 8] (dimension 0 first)");
  s.add_int("network.n", 0)
      .optional()
      .range(1, kMaxU32)
      .describe("hypercube: dimension (2^n routers); fat_tree: levels");
  s.add_int("network.k", 0).optional().range(1, kMaxU32).describe("fat_tree: switch arity");
  s.add_int("network.concentration", 0)
      .optional()
      .range(1, kMaxU32)
      .unit("nodes")
      .describe("mesh, torus, hypercube: nodes per router (not given: 1)");
  s.add_choice("network.routing", d.routing, routing_names())
      .describe("Routing algorithm; it must fit the topology");
  s.add_choice("network.torus_tie", std::string(to_string(d.torus_tie)), torus_tie_names())
      .describe(
          "torus, dimension-order routes (dimension_order, valiant, minimal_adaptive's escape, "
          "drb): the way at a half-way tie (distance k/2): plus, random (per packet) or "
          "balanced (by the source's ring coordinate: even +, odd -); docs/network-config.md");
  s.add_choice("network.node_kind", d.node_kind, node_kind_names())
      .describe("Compute-node LP class: network_interface (source, one-port NI, sink)");
}

void declare_router_section(io::Schema& s, const RouterParams& r) {
  s.describe_section("router", "Input-queued virtual-channel router (BookSim2 iq_router)");
  activate_with_model(s, "router");
  s.add_int("router.vcs", r.vcs)
      .range(1, 255)
      .describe("Virtual channels per port (BookSim2 num_vcs); tori need 2 per routing class");
  s.add_int("router.buffer_depth", r.buffer_depth)
      .range(1, 65535)
      .unit("flits")
      .describe("Buffer per input VC (BookSim2 vc_buf_size); VCT and SAF need a whole packet");
  s.add_int("router.routing_delay", r.routing_delay)
      .range(0, kMaxDelay)
      .unit("cycles")
      .describe("Head flit: route computation (BookSim2 routing_delay)");
  s.add_int("router.vc_alloc_delay", r.vc_alloc_delay)
      .range(0, kMaxDelay)
      .unit("cycles")
      .describe("Head flit: output VC allocation (BookSim2 vc_alloc_delay)");
  s.add_int("router.sw_alloc_delay", r.sw_alloc_delay)
      .range(0, kMaxDelay)
      .unit("cycles")
      .describe("Every flit: switch allocation (BookSim2 sw_alloc_delay)");
  s.add_int("router.st_delay", r.st_delay)
      .range(0, kMaxDelay)
      .unit("cycles")
      .describe("Every flit: switch traversal (BookSim2 st_final_delay)");
  s.add_int("router.link_latency", r.link_latency)
      .range(1, kMaxDelay)
      .unit("cycles")
      .describe("Every link, injection and ejection links included");
  s.add_int("router.credit_delay", r.credit_delay)
      .range(1, kMaxDelay)
      .unit("cycles")
      .describe("Downstream buffer release to upstream credit (BookSim2 credit_delay)");
  s.add_choice("router.switching", std::string(to_string(r.switching)), switching_names())
      .describe("wormhole, vct (virtual cut-through) or saf (store-and-forward)");
  s.add_choice("router.kind", NetworkParams{}.router_kind, router_kind_names())
      .describe("Router LP class: input_queued (VC router with credit flow control)");
  s.add_choice("router.selection", "max_credits", selection_names())
      .describe(
          "Selection function: which admissible output a head takes when its routing allows "
          "several (max_credits, first, straight, random, and seed 002's local_status, "
          "speculative_1hop, speculative_2hop with their [speculative] section; docs/router.md)");
  s.add_choice("router.arbitration", std::string(to_string(r.arbitration)), arbitration_names())
      .describe("Priority in the allocator's arbiters: round_robin (none), or age (oldest "
                "packet first, round robin among equals); ACKs always go first");
  declare_allocator_config(s);  // router.allocator and the allocators' own sections
}

void declare_traffic_section(io::Schema& s, const NetworkParams& d) {
  const std::vector<std::string> patterns = pattern_names();
  s.describe_section("traffic", "Synthetic traffic of every compute node");
  activate_with_model(s, "traffic");
  s.add_choice("traffic.pattern", d.pattern, patterns)
      .describe("Destination pattern (with phases: the default of phases without a pattern)");
  s.add_float("traffic.load", d.load)
      .range(0.0, 1.0)
      .unit("flits/node/cycle")
      .describe("Offered load (with phases: the default of phases without a load)");
  s.add_int("traffic.packet_size", d.packet_size)
      .range(1, 65535)
      .unit("flits")
      .describe("Flits per packet");
  s.add_choice("traffic.injection", std::string(to_string(d.injection.kind)),
               injection_kind_names())
      .describe("Arrival process: bernoulli, poisson, periodic or on_off (bursty)");
  s.add_int("traffic.warmup_cycles", static_cast<std::int64_t>(d.warmup_cycles))
      .range(0, kMaxCycles)
      .unit("cycles")
      .describe("Packets created earlier are not measured; throughput is measured after it");
  s.add_int("traffic.warmup_packets", 0)
      .optional()
      .range(1, kMaxCycles)
      .unit("packets")
      .describe(
          "Warm-up in delivered packets instead of cycles: it ends in the cycle in which the "
          "network's K-th packet is delivered (not given: traffic.warmup_cycles)");
  s.add_int("traffic.injection_end", 0)
      .optional()
      .range(1, kMaxCycles)
      .unit("cycles")
      .describe("No packet is generated at or after this cycle (not given: the run's end)");
  s.add_int("traffic.permutation_seed", 0)
      .optional()
      .range(0, std::numeric_limits<std::int64_t>::max())
      .describe("random_permutation: seed of the permutation (required by that pattern)");

  s.describe_section("traffic.hot_spot", "Hot-spot pattern (Pfister & Norton)");
  s.section_active_when("traffic.hot_spot", "traffic.pattern", "hot_spot");
  s.add_int_list("traffic.hot_spot.nodes", {})
      .optional()
      .min(0)
      .describe("Hot nodes (distinct node ids), required");
  s.add_float("traffic.hot_spot.fraction", 0.0)
      .optional()
      .range(0.0, 1.0)
      .describe("Share of packets sent to a hot node (the rest is uniform), required");

  s.describe_section("traffic.periodic",
                     "Periodic injection: a packet every packet_size/load "
                     "cycles");
  s.section_active_when("traffic.periodic", "traffic.injection", "periodic");
  s.add_choice("traffic.periodic.offset", std::string(to_string(d.injection.periodic_offset)),
               periodic_offset_names())
      .describe("Node phase offsets: aligned (all at once), staggered (n/N of a period), random");

  s.describe_section("traffic.on_off", "Bursty injection: two-state Markov-modulated Bernoulli");
  s.section_active_when("traffic.on_off", "traffic.injection", "on_off");
  s.add_float("traffic.on_off.mean_on", d.injection.mean_on_cycles)
      .min(1.0)
      .finite()
      .unit("cycles")
      .describe("Mean burst length (geometric); bursts run at load * (on + off) / on");
  s.add_float("traffic.on_off.mean_off", d.injection.mean_off_cycles)
      .min(1.0)
      .finite()
      .unit("cycles")
      .describe("Mean silence between bursts (geometric)");

  s.add_table_list("traffic.phases")
      .optional()
      .list_size(1, 1024)
      .describe(
          "Phases [[traffic.phases]] run in order from cycle 0, then repeat; each packet "
          "records its phase index")
      .field(io::field_int("duration", 1)
                 .required()
                 .range(1, kMaxCycles)
                 .unit("cycles")
                 .describe("Length of the phase"))
      .field(io::field_choice("pattern", d.pattern, patterns)
                 .optional()
                 .describe("Pattern of the phase (not given: traffic.pattern and its keys)"))
      .field(io::field_float("load", d.load)
                 .optional()
                 .range(0.0, 1.0)
                 .unit("flits/node/cycle")
                 .describe("Offered load of the phase (not given: traffic.load)"))
      .field(io::field_int("permutation_seed", 0)
                 .optional()
                 .range(0, std::numeric_limits<std::int64_t>::max())
                 .describe("Phase pattern random_permutation: its seed"))
      .field(io::field_int_list("hot_spot_nodes", {})
                 .optional()
                 .min(0)
                 .describe("Phase pattern hot_spot: the hot nodes"))
      .field(io::field_float("hot_spot_fraction", 0.0)
                 .optional()
                 .range(0.0, 1.0)
                 .describe("Phase pattern hot_spot: the share sent to hot nodes"));
  s.add_float("traffic.phases_repeat", 1.0)
      .optional()
      .min(1.0)
      .describe(
          "How many times the phase list runs (a whole number; inf or not given: until "
          "the run ends)");
}

void declare_workload_section(io::Schema& s, const WorkloadParams& w) {
  s.describe_section("workload", "What the compute nodes send: messages, and in which order");
  activate_with_model(s, "workload");
  s.add_choice("workload.kind", w.kind, workload_names())
      .describe(
          "synthetic: the [traffic] section (every packet a one-packet message); message_list: "
          "the messages of workload.message_file (docs/workloads.md)");
  s.add_choice("workload.scheduler", w.scheduler, source_scheduler_names())
      .describe(
          "Which queued message a node sends its next packet from: fifo (oldest first, whole) "
          "or shortest_first (fewest flits left)");
  s.add_string("workload.message_file", w.message_file)
      .describe(
          "message_list: the file of messages, one 'cycle src dst flits [group]' per line; a "
          "path relative to the configuration file's folder");
  s.add_string("workload.trace_dir", w.trace_dir)
      .describe(
          "replay: the directory of logical traces, rank-0.trace .. rank-(P-1).trace "
          "(docs/workloads.md); relative to the configuration file's folder");
  s.add_choice("workload.rank_mapping", w.rank_mapping, {"linear", "random", "file"})
      .describe(
          "replay, skeleton: rank r on node r (linear), on a seeded random permutation, or as "
          "workload.mapping_file says");
  s.add_string("workload.mapping_file", w.mapping_file)
      .describe(
          "rank_mapping = file: the node of each rank, one node id per line in rank order; "
          "relative to the configuration file's folder");
  s.add_int("workload.mapping_seed", static_cast<std::int64_t>(w.mapping_seed))
      .range(0, std::numeric_limits<std::int64_t>::max())
      .describe("replay, rank_mapping = random: the permutation's seed");
  s.add_float("workload.compute_scale", w.compute_scale)
      .min(0.0)
      .finite()
      .describe("replay: compute gaps are multiplied by this (0: communication only)");
  s.add_int("workload.flit_bytes", w.flit_bytes)
      .range(1, 1 << 20)
      .unit("bytes")
      .describe("replay: bytes per flit (a message of B bytes is ceil(B / flit_bytes) flits)");
  s.add_choice("workload.allreduce", w.allreduce, replay::allreduce_algorithm_names())
      .describe(
          "replay, skeleton: allreduce as a binomial reduce to rank 0 then a bcast, or by "
          "recursive doubling (a power-of-two number of ranks; a communicator of another size "
          "reduces and broadcasts)");
  s.add_choice("workload.tree", w.tree, replay::tree_shape_names())
      .describe(
          "replay, skeleton: the tree of bcast, reduce, reduce_bcast allreduce and tree "
          "barrier: binomial (MPICH) or flat (the root exchanges with every rank directly)");
  s.add_choice("workload.barrier", w.barrier, replay::barrier_algorithm_names())
      .describe(
          "replay, skeleton: barrier by dissemination (ceil(log2 P) rounds of one message per "
          "rank) or as a tree (gather to rank 0 along workload.tree, then release)");
  s.add_choice("workload.alltoall", w.alltoall, replay::alltoall_algorithm_names())
      .describe(
          "replay, skeleton: alltoall by pairwise exchange (P - 1 rounds), linear (every "
          "message at once) or Bruck's algorithm (ceil(log2 P) rounds of combined blocks)");
  s.add_choice("workload.allgather", w.allgather, replay::allgather_algorithm_names())
      .describe(
          "replay, skeleton: allgather by a ring (P - 1 rounds), recursive doubling (log2 P "
          "rounds; Bruck's when P is not a power of two) or Bruck's algorithm");
  s.add_int("workload.eager_limit", static_cast<std::int64_t>(w.eager_limit))
      .range(0, std::int64_t{1} << 40)
      .unit("bytes")
      .describe(
          "replay, skeleton: point-to-point messages above this size use the rendezvous "
          "protocol (request to send, clear to send, then the data)");
  s.add_choice("workload.skeleton", w.skeleton, replay::skeleton_names())
      .describe("skeleton: the application (lu, mg, lammps, pop, sweep3d, fft; docs/workloads.md)");
  s.add_int("workload.skeleton_ranks", w.skeleton_ranks)
      .range(0, kMaxU32)
      .describe("skeleton: MPI ranks (0: one per node)");
  s.add_int("workload.iterations", w.iterations)
      .range(1, 1'000'000)
      .describe("skeleton: time steps or solver iterations");
  s.add_int("workload.problem_size", w.problem_size)
      .range(1, 1'000'000)
      .unit("points")
      .describe("skeleton: points per dimension of the global grid");
  s.add_float("workload.ns_per_point", w.ns_per_point)
      .min(0.0)
      .finite()
      .unit("ns")
      .describe("skeleton: compute per grid point and step");
  s.add_int("workload.bytes_per_point", w.bytes_per_point)
      .range(1, 1 << 20)
      .unit("bytes")
      .describe("skeleton: bytes of one point in a message");
}

void declare_metrics_section(io::Schema& s) {
  s.describe_section("metrics", "What the network results record");
  activate_with_model(s, "metrics");
  s.add_int("metrics.window_cycles", 1000)
      .range(1, kMaxWindow)
      .unit("cycles")
      .describe("Width of the windows of the network/time_series table");
  s.add_choice("metrics.latency_table", "auto", latency_table_names())
      .describe(
          "Latency table: pairs (network/pairs, per source and destination), destinations "
          "(network/destinations), none; auto: pairs up to 256 nodes, else destinations");
  s.add_int("metrics.packet_sample_every", 0)
      .range(0, kMaxU32)
      .unit("packets")
      .describe(
          "Record about 1 in N measured packets in network/packet_samples, chosen by a hash of "
          "(src, seq); 0: none");
  s.add_bool("metrics.message_table", false)
      .describe(
          "One row per delivered message in network/messages (source, id, size, release, "
          "arrival of its last packet)");
}

}  // namespace

void declare_network_schema(io::Schema& schema) {
  const NetworkParams defaults;
  declare_network_section(schema, defaults);
  declare_router_section(schema, defaults.router);
  declare_traffic_section(schema, defaults);
  declare_workload_section(schema, defaults.workload);
  declare_metrics_section(schema);
  missions::declare_mission_sections(schema);
  RoutingRegistry routings;
  register_routings(routings);
  routings.declare_config(schema);
  SelectionRegistry selections;
  register_selection_functions(selections);
  selections.declare_config(schema);
}

}  // namespace net
