// SPDX-License-Identifier: Apache-2.0
//
// TopologyRegistry: topologies by name, selected by the config key network.topology.
//
// An entry is a topology's whole registration: its name, a one-line description, a factory
// that builds it from its parameters struct (a std::any), and the configuration section that
// declares and reads those parameters (io::PartConfig). The classic topologies share the
// [network] size keys (network_size_keys.hpp); a new topology brings a section of its own.
//
//   TopologyRegistry registry;
//   register_topologies(registry);
//   std::any options = registry.read_options("torus", config);   // a NetworkSizeKeys
//   std::unique_ptr<Topology> torus = registry.create("torus", options);
//
// Unknown names throw pdes::ConfigError("network.topology", "... valid names: mesh, torus, ...");
// bad or unused parameters throw pdes::ConfigError naming the parameter's key.
#pragma once

#include <any>

#include "io/config/configurable_registry.hpp"
#include "models/network/topology/network_size_keys.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class TopologyRegistry : public io::ConfigurableRegistry<Topology, const std::any&> {
 public:
  TopologyRegistry() : ConfigurableRegistry(std::string(kTopologyKey), "topology") {}
};

/// Adds every topology, one line each.
void register_topologies(TopologyRegistry& registry);

/// The registered names (for the configuration schema's list of choices).
std::vector<std::string> topology_names();

}  // namespace net
