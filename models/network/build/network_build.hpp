// SPDX-License-Identifier: Apache-2.0
//
// build_network: sets up a network simulation from NetworkParams, without configuration files
// (tests, benchmarks), in the manner of phold::build.
//
//   net::NetworkParams params;
//   params.topology = "torus"; params.topology_options = NetworkSizeKeys{.dims = {8, 8}};
//   pdes::Simulation sim(kernel_config);
//   net::NetworkInfo info = net::build_network(sim, params);
//   sim.run();
//
// LP ids: routers 0 .. R-1, then nodes R .. R+N-1 (LpLayout). Only this rank's LPs are built.
// Bad parameters throw pdes::ConfigError naming the key (router.vcs, network.dims, traffic.load,
// network.routing, ...).
#pragma once

#include <memory>

#include "models/network/build/lp_layout.hpp"
#include "models/network/build/network_params.hpp"
#include "models/network/router/allocators/switch_allocator.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/selection/selection_function.hpp"
#include "models/network/node/traffic_source.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/traffic/traffic_pattern.hpp"
#include "models/network/workload/source_scheduler.hpp"
#include "models/network/workload/workload.hpp"
#include "pdes/pdes.hpp"

namespace net {

class RouterKind;
class NodeKind;

/// What the caller may want to know about the network it built.
struct NetworkInfo {
  std::shared_ptr<const Topology> topology;
  LpLayout layout;
};

/// Throws pdes::ConfigError on the first bad parameter.
void validate(const NetworkParams& params, const Topology& topology);

/// The traffic pattern `name` with parameters `options` on `topology` (TrafficRegistry); throws
/// pdes::ConfigError naming the pattern's key (traffic.pattern, traffic.hot_spot.nodes, ...).
std::shared_ptr<const TrafficPattern> make_pattern(const std::string& name,
                                                   const std::any& options,
                                                   const Topology& topology);

/// The traffic source every node shares: steady traffic or the phases, the arrival process,
/// the injection end. Throws pdes::ConfigError on the first problem: an on/off burst above one
/// flit per cycle (traffic.load), a bad phase (traffic.phases, the message says which phase and
/// which of its fields), a bad pattern (its key), a schedule too long (traffic.phases_repeat).
std::shared_ptr<const TrafficSource> make_traffic_source(const NetworkParams& params,
                                                         const Topology& topology);

/// What the routing registry builds `params.routing` from (the routing's own parameters).
RoutingSetup routing_setup(const NetworkParams& params, const Topology& topology);

/// The partition graph of `topology` laid out as LpLayout says: routers linked to their
/// neighbours and nodes, weighted by links, and the locality order (each router, then its
/// nodes) that block partitioning follows.
pdes::PartitionGraph network_partition_graph(const Topology& topology);

/// The immutable objects every LP of a network shares, built once from the parameters.
struct NetworkParts {
  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const RoutingAlgorithm> routing;
  std::shared_ptr<const SelectionFunction> selection;
  std::shared_ptr<const SwitchAllocator> allocator;  ///< router.allocator
  std::shared_ptr<const TrafficSource> source;  ///< the [traffic] section's source
  std::shared_ptr<const Workload> workload;     ///< what the nodes send (synthetic: `source`)
  std::shared_ptr<const SourceScheduler> scheduler;
  std::shared_ptr<const RouterKind> router_kind;  ///< build/lp_kinds.hpp
  std::shared_ptr<const NodeKind> node_kind;
};

/// Builds and checks the parts; throws pdes::ConfigError on the first bad parameter.
NetworkParts make_network_parts(const NetworkParams& params);
/// Adds the selection function, the workload and its scheduler, and the LP kinds to parts whose
/// topology, routing and source are built (the configuration reader builds those one check at
/// a time).
void complete_network_parts(const NetworkParams& params, NetworkParts& parts);

/// The compute nodes among the LPs `lps`, in their order.
std::vector<NodeId> local_nodes(const LpLayout& layout, const std::vector<pdes::LpId>& lps);

NetworkInfo build_network(pdes::Simulation& sim, const NetworkParams& params);
/// With parts already built from `params` (by make_network_parts, or a test's own routing).
NetworkInfo build_network(pdes::Simulation& sim, const NetworkParams& params,
                          const NetworkParts& parts);

}  // namespace net
