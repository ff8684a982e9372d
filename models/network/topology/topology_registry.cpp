// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/topology_registry.hpp"

#include "models/network/topology/dragonfly.hpp"
#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/mesh.hpp"
#include "models/network/topology/torus.hpp"

namespace net {

void register_topologies(TopologyRegistry& registry) {
  registry.add("mesh", "n-D mesh, no wrap links (network.dims, network.concentration)",
               &Mesh::create, network_size_keys_config());
  registry.add("torus", "k-ary n-cube with wrap links (network.dims, network.concentration)",
               &Torus::create, network_size_keys_config());
  registry.add("hypercube", "binary n-cube (network.n, network.concentration)", &Hypercube::create,
               network_size_keys_config());
  registry.add("fat_tree", "k-ary n-tree, Petrini & Vanneschi (network.k, network.n)",
               &FatTree::create, network_size_keys_config());
  registry.add("dragonfly", "groups of fully connected routers joined by global links ([dragonfly])",
               &Dragonfly::create, Dragonfly::config());
}

std::vector<std::string> topology_names() {
  TopologyRegistry registry;
  register_topologies(registry);
  return registry.names();
}

}  // namespace net
