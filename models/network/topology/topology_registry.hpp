// SPDX-License-Identifier: Apache-2.0
//
// TopologyRegistry: topologies by name, selected by the config key network.topology.
//
//   TopologyRegistry registry;
//   register_topologies(registry);
//   TopologyParams params;
//   params.dims = {8, 8};
//   std::unique_ptr<Topology> torus = registry.create("torus", params);
//
// Unknown names throw pdes::ConfigError("network.topology", "... valid names: mesh, torus, ...");
// bad or unused parameters throw pdes::ConfigError naming the parameter's key.
#pragma once

#include "models/network/topology/named_registry.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/topology/topology_params.hpp"

namespace net {

class TopologyRegistry : public NamedRegistry<Topology, const TopologyParams&> {
 public:
  TopologyRegistry() : NamedRegistry(std::string(kTopologyKey), "topology") {}
};

/// Adds mesh, torus, hypercube and fat_tree, one line each.
void register_topologies(TopologyRegistry& registry);

}  // namespace net
