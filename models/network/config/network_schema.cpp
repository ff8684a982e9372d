// SPDX-License-Identifier: Apache-2.0
#include "models/network/config/network_schema.hpp"

#include <limits>
#include <string>
#include <vector>

#include "models/network/build/lp_kinds.hpp"
#include "models/network/build/network_params.hpp"
#include "models/network/metrics/latency_table.hpp"
#include "models/network/node/injection_registry.hpp"
#include "models/network/router/router_params.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "models/network/traffic/traffic_registry.hpp"
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
  // Each topology's own keys (the classic ones share network.dims, .n, .k, .concentration).
  TopologyRegistry topologies;
  register_topologies(topologies);
  topologies.declare_config(s);
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
  TrafficRegistry registry;
  register_traffic_patterns(registry);
  const std::vector<std::string> patterns = registry.names();
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
  InjectionRegistry processes;
  register_injection_processes(processes);
  s.add_choice(std::string(kInjectionKey), d.injection.kind, processes.names())
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
  // Each pattern's parameters, from its own declaration (traffic/pattern_config.hpp).
  registry.declare_config(s);

  // Each arrival process's own section (node/injection_registry.cpp).
  processes.declare_config(s);

  io::KeyBuilder& phases = s.add_table_list("traffic.phases")
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
                 .describe("Offered load of the phase (not given: traffic.load)"));
  for (const io::KeyBuilder& field : registry.phase_fields()) phases.field(field);
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
  // Each workload's own keys (workload/*_entry.cpp, missions/mission_entry.cpp).
  WorkloadRegistry workloads;
  register_workloads(workloads);
  workloads.declare_config(s);
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
  s.add_int_list("metrics.pair_series_sources", {})
      .min(0)
      .describe(
          "Source nodes whose packets get a time series per destination in network/pair_series "
          "(packets, latency and metapath width per metrics.window_cycles window); [] (default): "
          "none");
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
  RouterKindRegistry router_kinds;
  register_router_kinds(router_kinds);
  router_kinds.declare_config(schema);
  NodeKindRegistry node_kinds;
  register_node_kinds(node_kinds);
  node_kinds.declare_config(schema);
  RoutingRegistry routings;
  register_routings(routings);
  routings.declare_config(schema);
  SelectionRegistry selections;
  register_selection_functions(selections);
  selections.declare_config(schema);
}

}  // namespace net
