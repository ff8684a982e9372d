// SPDX-License-Identifier: Apache-2.0
#include "models/network/build/network_build.hpp"

#include "models/network/build/lp_kinds.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "models/network/build/lp_weights.hpp"
#include "models/network/node/injection_process.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_registry.hpp"
#include "models/network/workload/workload_registry.hpp"

namespace net {

void validate(const NetworkParams& params, const Topology& topology) {
  if (params.packet_size == 0 || params.packet_size > 65535) {
    throw pdes::ConfigError("traffic.packet_size", "must lie in [1, 65535] flits");
  }
  if (!(params.load >= 0.0 && params.load <= 1.0)) {
    throw pdes::ConfigError("traffic.load", "must lie in [0, 1] flits/node/cycle");
  }
  if (topology.max_ports() > 255) {
    throw pdes::ConfigError("network.topology", "routers with more than 255 ports");
  }
  if (topology.diameter() >= 255) {
    // Flit::hops is one byte.
    throw pdes::ConfigError("network.dims", "diameter " + std::to_string(topology.diameter()) +
                                                " exceeds the 254 hops a flit can count");
  }
  for (const ScriptedPacket& sp : params.scripted) {
    if (sp.src >= topology.num_nodes() || sp.dst >= topology.num_nodes() || sp.cycle == 0) {
      throw pdes::ConfigError("traffic.scripted", "scripted packet with a node out of range or "
                                                  "cycle 0");
    }
  }
}

std::shared_ptr<const TrafficPattern> make_pattern(const std::string& name,
                                                   const std::any& options,
                                                   const Topology& topology) {
  TrafficRegistry patterns;
  register_traffic_patterns(patterns);
  return patterns.create(name, TrafficContext::of(topology), options);
}

namespace {

std::string shortest(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

// An on/off source bursts above its mean load; a node cannot inject more than a flit a cycle.
void check_peak_load(const InjectionProcess& injection, double load, const std::string& key,
                     const std::string& what) {
  const double peak = injection.peak_load(load);
  if (peak > 1.0) {
    throw pdes::ConfigError(
        key, what + "load " + shortest(load) + " makes on/off bursts of " + shortest(peak) +
                 " flits/node/cycle (load * (mean_on + mean_off) / mean_on), above the 1 "
                 "flit/cycle a node can inject; lower the load or traffic.on_off.mean_off, or "
                 "raise traffic.on_off.mean_on");
  }
}

}  // namespace

std::shared_ptr<const TrafficSource> make_traffic_source(const NetworkParams& params,
                                                         const Topology& topology) {
  std::vector<TrafficSource::Phase> phases;
  std::vector<std::uint64_t> durations;
  const double packet_size = params.packet_size;
  std::unique_ptr<const InjectionProcess> injection =
      make_injection_process(params.injection, topology.num_nodes());
  if (params.phases.empty()) {
    check_peak_load(*injection, params.load, "traffic.load", "");
    phases.push_back({make_pattern(params.pattern, params.pattern_options, topology),
                      params.load / packet_size});
    durations.push_back(PhaseSchedule::kNever);
  } else {
    for (std::size_t i = 0; i < params.phases.size(); ++i) {
      const TrafficPhase& phase = params.phases[i];
      const std::string what = "phase " + std::to_string(i) + ": ";
      if (!(phase.load >= 0.0 && phase.load <= 1.0)) {
        throw pdes::ConfigError(std::string(kPhasesKey),
                                what + "load must lie in [0, 1] flits/node/cycle");
      }
      check_peak_load(*injection, phase.load, std::string(kPhasesKey), what);
      try {
        phases.push_back({make_pattern(phase.pattern, phase.pattern_options, topology),
                          phase.load / packet_size});
      } catch (const pdes::ConfigError& e) {
        throw pdes::ConfigError(std::string(kPhasesKey), what + e.what());
      }
      durations.push_back(phase.duration_cycles);
    }
  }
  PhaseSchedule schedule(std::move(durations),
                         params.phases.empty() ? 1 : params.phases_repeat);
  return std::make_shared<const TrafficSource>(
      std::move(phases), std::move(schedule),
      std::move(injection),
      params.injection_end_cycle);
}

RoutingSetup routing_setup(const NetworkParams& params, const Topology& topology) {
  return RoutingSetup{topology, params.router, params.packet_size, params.routing_options,
                      params.torus_tie};
}

pdes::PartitionGraph network_partition_graph(const Topology& topology) {
  const LpLayout layout{topology.num_routers(), topology.num_nodes()};
  pdes::PartitionGraph graph;
  graph.num_lps = layout.num_lps();
  graph.edge_offsets.reserve(graph.num_lps + 1);
  graph.edge_offsets.push_back(0);
  std::vector<std::uint64_t> peers;  // one router's neighbour LPs, one entry per link
  for (RouterId r = 0; r < layout.num_routers; ++r) {
    peers.clear();
    for (PortId p = 0; p < topology.num_ports(r); ++p) {
      if (const auto peer = topology.neighbour(r, p)) {
        peers.push_back(layout.router_lp(peer->router).value());
      }
      if (const auto node = topology.node_at(r, p)) peers.push_back(layout.node_lp(*node).value());
    }
    // Sorted, each neighbour once with its number of links as the weight (a std::map per
    // router did the same with a heap block per neighbour: a tenth of a million-router
    // torus's set-up).
    std::sort(peers.begin(), peers.end());
    for (std::size_t i = 0; i < peers.size();) {
      std::size_t j = i + 1;
      while (j < peers.size() && peers[j] == peers[i]) ++j;
      graph.edge_targets.push_back(peers[i]);
      graph.edge_weights.push_back(static_cast<std::uint32_t>(j - i));
      i = j;
    }
    graph.edge_offsets.push_back(graph.edge_targets.size());
  }
  for (NodeId n = 0; n < layout.num_nodes; ++n) {
    graph.edge_targets.push_back(layout.router_lp(topology.router_of_node(n)).value());
    graph.edge_weights.push_back(1);
    graph.edge_offsets.push_back(graph.edge_targets.size());
  }
  graph.vertex_weights = network_lp_weights(topology);
  // A dragonfly's group (a clique of routers with their nodes) is one cluster: the graph
  // partitioners keep it on one rank when the balance allows (partition/whole_clusters.hpp).
  if (const auto groups = topology.groups()) {
    graph.cluster_of.resize(graph.num_lps);
    for (RouterId r = 0; r < layout.num_routers; ++r) {
      graph.cluster_of[layout.router_lp(r).value()] =
          static_cast<std::uint32_t>(r / groups->routers_per_group);
    }
    for (NodeId n = 0; n < layout.num_nodes; ++n) {
      graph.cluster_of[layout.node_lp(n).value()] =
          static_cast<std::uint32_t>(topology.router_of_node(n) / groups->routers_per_group);
    }
  }
  // Each router followed by its nodes: a block of this order keeps a node with its router
  // (injection and ejection stay on the rank) and routers with their id neighbours. The id
  // order would put all routers before all nodes, so that 2 ranks split them into a rank of
  // routers and a rank of nodes.
  graph.locality_order.reserve(graph.num_lps);
  for (RouterId r = 0; r < layout.num_routers; ++r) {
    graph.locality_order.push_back(layout.router_lp(r).value());
    for (PortId p = 0; p < topology.num_ports(r); ++p) {
      if (const auto node = topology.node_at(r, p)) {
        graph.locality_order.push_back(layout.node_lp(*node).value());
      }
    }
  }
  return graph;
}

NetworkParts make_network_parts(const NetworkParams& params) {
  NetworkParts parts;
  TopologyRegistry topologies;
  register_topologies(topologies);
  parts.topology = topologies.create(params.topology, params.topology_options);
  validate(params, *parts.topology);
  RoutingRegistry routings;
  register_routings(routings);
  // The routing keeps a reference to the topology; both live as long as the LPs that share them.
  parts.routing = routings.create(params.routing, routing_setup(params, *parts.topology));
  params.router.validate(params.packet_size, parts.routing->vc_classes());
  parts.source = make_traffic_source(params, *parts.topology);
  complete_network_parts(params, parts);
  return parts;
}

void complete_network_parts(const NetworkParams& params, NetworkParts& parts) {
  SelectionRegistry selections;
  register_selection_functions(selections);
  parts.selection = selections.create(
      params.selection,
      SelectionSetup{parts.topology.get(), params.router.cycle_ps, params.selection_options});
  AllocatorRegistry allocators;
  register_allocators(allocators);
  parts.allocator =
      allocators.create(params.allocator, AllocatorSetup{params.allocator_options});
  WorkloadRegistry workloads;
  register_workloads(workloads);
  parts.workload = workloads.create(
      params.workload.kind,
      WorkloadSetup{params, *parts.topology, parts.source, params.workload.options});
  const std::string node_kind = parts.workload->required_node_kind();
  if (!node_kind.empty() && node_kind != params.node_kind) {
    throw pdes::ConfigError("workload.kind", "value \"" + params.workload.kind +
                                                 "\" needs network.node_kind = \"" + node_kind +
                                                 "\" (it is \"" + params.node_kind + "\")");
  }
  SchedulerRegistry schedulers;
  register_source_schedulers(schedulers);
  parts.scheduler = schedulers.create(params.workload.scheduler);
  RouterKindRegistry router_kinds;
  register_router_kinds(router_kinds);
  parts.router_kind = router_kinds.create(params.router_kind);
  NodeKindRegistry node_kinds;
  register_node_kinds(node_kinds);
  parts.node_kind = node_kinds.create(params.node_kind);
}

std::vector<NodeId> local_nodes(const LpLayout& layout, const std::vector<pdes::LpId>& lps) {
  std::vector<NodeId> nodes;
  for (const pdes::LpId id : lps) {
    if (!layout.is_router(id)) nodes.push_back(layout.node_of(id));
  }
  return nodes;
}

NetworkInfo build_network(pdes::Simulation& sim, const NetworkParams& params) {
  return build_network(sim, params, make_network_parts(params));
}

NetworkInfo build_network(pdes::Simulation& sim, const NetworkParams& params,
                          const NetworkParts& parts) {
  const std::shared_ptr<const Topology>& topology = parts.topology;
  const LpLayout layout{topology->num_routers(), topology->num_nodes()};
  if (sim.lp_count() == 0) {  // not set up by `warpnet run` (benchmarks, tests): block partition
    sim.set_lp_count(layout.num_lps());
    sim.set_partition(pdes::block_partition(network_partition_graph(*topology), sim.num_ranks()));
  }
  if (sim.lp_count() != layout.num_lps()) {
    throw pdes::ConfigError("network.topology", "the simulation was set up for " +
                                                    std::to_string(sim.lp_count()) + " LPs, the "
                                                    "network needs " +
                                                    std::to_string(layout.num_lps()));
  }

  NodeParams node_params;
  node_params.packet_size = params.packet_size;
  node_params.warmup_cycles = params.warmup_cycles;
  node_params.router = params.router;

  const std::vector<pdes::LpId> local = sim.local_lps();
  // `warpnet run` has read this input already (NetworkModel::load_local_input, checked
  // collectively); benchmarks and tests that call build_network read it here.
  parts.workload->load_input(local_nodes(layout, local));
  const auto router_kind = parts.router_kind;
  const auto node_kind = parts.node_kind;
  for (pdes::LpId id : local) {
    if (layout.is_router(id)) {
      router_kind->add(sim, id, RouterArgs{layout.router_of(id), params, layout, topology,
                                           parts.routing, parts.selection, parts.allocator});
    } else {
      const NodeId node = layout.node_of(id);
      NodeParams np = node_params;
      for (const ScriptedPacket& sp : params.scripted) {
        if (sp.src == node) np.scripted.push_back(sp);
      }
      node_kind->add(sim, id, NodeArgs{node, np, layout, topology, parts.workload,
                                               parts.scheduler, parts.routing});
    }
  }
  return {topology, layout};
}

}  // namespace net
