// SPDX-License-Identifier: Apache-2.0
//
// LP kinds: which class implements the routers and which the compute nodes of a network,
// chosen by configuration (router.kind, network.node_kind). A different router (a
// circuit-switched one, say) or another network adapter is a new class and one registration
// line here, not branches inside RouterLp or NodeLp.
//
// An entry adds one LP of its kind to the simulation from what every LP of a network shares
// (the parts built once by make_network_parts) and its own id:
//
//   RouterKindRegistry kinds;
//   register_router_kinds(kinds);
//   kinds.create("input_queued")->add(sim, id, RouterArgs{...});
//
// Every kind exchanges NetEvents with the others, so kinds mix freely as long as they agree on
// the event protocol (docs/router.md, "Events").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/build/network_params.hpp"
#include "models/network/node/node_params.hpp"
#include "models/network/router/allocators/switch_allocator.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/selection/selection_function.hpp"
#include "io/config/configurable_registry.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/workload/source_scheduler.hpp"
#include "models/network/workload/workload.hpp"
#include "pdes/pdes.hpp"

namespace net {

/// What a router LP is built from.
struct RouterArgs {
  RouterId router = 0;
  const NetworkParams& params;
  LpLayout layout;
  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const RoutingAlgorithm> routing;
  std::shared_ptr<const SelectionFunction> selection;
  std::shared_ptr<const SwitchAllocator> allocator;
};

/// What a compute-node LP is built from.
struct NodeArgs {
  NodeId node = 0;
  const NodeParams& params;
  LpLayout layout;
  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const Workload> workload;
  std::shared_ptr<const SourceScheduler> scheduler;
  std::shared_ptr<const RoutingAlgorithm> routing;
};

class RouterKind {
 public:
  virtual ~RouterKind() = default;
  virtual void add(pdes::Simulation& sim, pdes::LpId id, const RouterArgs& args) const = 0;
};

class NodeKind {
 public:
  virtual ~NodeKind() = default;
  virtual void add(pdes::Simulation& sim, pdes::LpId id, const NodeArgs& args) const = 0;
};

/// A kind with parameters registers its section (io::PartConfig); the options it reads reach
/// the kind through NetworkParams::router_kind_options / node_kind_options.
class RouterKindRegistry : public io::ConfigurableRegistry<RouterKind> {
 public:
  RouterKindRegistry() : ConfigurableRegistry("router.kind", "router kind") {}
};

class NodeKindRegistry : public io::ConfigurableRegistry<NodeKind> {
 public:
  NodeKindRegistry() : ConfigurableRegistry("network.node_kind", "node kind") {}
};

/// Adds every router kind, one line each.
void register_router_kinds(RouterKindRegistry& registry);
/// Adds every node kind, one line each.
void register_node_kinds(NodeKindRegistry& registry);

std::vector<std::string> router_kind_names();
std::vector<std::string> node_kind_names();

}  // namespace net
