// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/routing_registry.hpp"

#include <memory>

#include "models/network/routing/dimension_order.hpp"
#include "models/network/routing/dragonfly_adaptive_entry.hpp"
#include "models/network/routing/dragonfly_minimal.hpp"
#include "models/network/routing/dragonfly_ugal_global_entry.hpp"
#include "models/network/routing/dragonfly_valiant.hpp"
#include "models/network/routing/duato.hpp"
#include "models/network/routing/drb/drb_entry.hpp"
#include "models/network/routing/prdrb/prdrb_entry.hpp"
#include "models/network/routing/fat_tree_nca.hpp"
#include "models/network/routing/fat_tree_nca_config.hpp"
#include "models/network/routing/minimal_adaptive.hpp"
#include "models/network/routing/opt_y_config.hpp"
#include "models/network/routing/valiant.hpp"

namespace net {

namespace {

template <class Algorithm, class... Extra>
RoutingRegistry::Factory make(Extra... extra) {
  return [=](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
    return std::make_unique<Algorithm>(setup.topology, extra...);
  };
}

// The dimension-order family: built with network.torus_tie.
template <class Algorithm>
RoutingRegistry::Factory make_dor_based() {
  return [](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
    return std::make_unique<Algorithm>(setup.topology, setup.torus_tie);
  };
}

}  // namespace

void register_routings(RoutingRegistry& registry) {
  registry.add("dimension_order", "deterministic, lowest dimension first (mesh, torus, hypercube)",
               make_dor_based<DimensionOrderRouting>());
  registry.add("dor", "alias of dimension_order", make_dor_based<DimensionOrderRouting>());
  registry.add("e_cube", "alias of dimension_order (hypercube)",
               make_dor_based<DimensionOrderRouting>());
  registry.add("valiant", "random intermediate node, then dimension order twice",
               make_dor_based<ValiantRouting>());
  registry.add("minimal_adaptive", "any minimal port, dimension-order escape VC (Duato)",
               make_dor_based<MinimalAdaptiveRouting>());
  registry.add("duato", "any minimal port, atomic dimension-order escape VC (Duato, wormhole-safe)",
               make<DuatoRouting>());
  registry.add("nca_deterministic", "fat tree: up by destination digit (d-mod-k), then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kDeterministic));
  registry.add("nca_random", "fat tree: random up port per packet and switch, then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kRandom));
  registry.add("nca_adaptive", "fat tree: up port with the most credits, then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kAdaptive));
  registry.add("nca_cyclic", "fat tree: per-source round robin over the NCAs, then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kCyclic));
  registry.add("dragonfly_minimal", "dragonfly: local-global-local, VC class per hop (Kim et al.)",
               make<DragonflyMinimalRouting>());
  registry.add("dragonfly_valiant", "dragonfly: minimal to a random group, then minimal",
               make<DragonflyValiantRouting>());
  register_dragonfly_adaptive(registry);
  register_dragonfly_ugal_global(registry);
  register_fat_tree_nca(registry);
  register_opt_y(registry);
  drb::register_routing(registry);
  prdrb::register_routing(registry);
}

std::vector<std::string> routing_names() {
  RoutingRegistry registry;
  register_routings(registry);
  return registry.names();
}

}  // namespace net
