// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/routing_registry.hpp"

#include <memory>

#include "models/network/routing/dimension_order.hpp"
#include "models/network/routing/drb/drb_routing.hpp"
#include "models/network/routing/fat_tree_nca.hpp"
#include "models/network/routing/minimal_adaptive.hpp"
#include "models/network/routing/valiant.hpp"

namespace net {

namespace {

template <class Algorithm, class... Extra>
RoutingRegistry::Factory make(Extra... extra) {
  return [=](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
    return std::make_unique<Algorithm>(setup.topology, extra...);
  };
}

std::unique_ptr<RoutingAlgorithm> make_drb(const RoutingSetup& setup) {
  // Eq. [3]'s transmission time over D hops: the router's zero-load latency over D + 1 routers.
  const auto at = [&](std::uint32_t routers) {
    return static_cast<double>(setup.router.zero_load_cycles(routers, setup.packet_size));
  };
  return std::make_unique<drb::DrbRouting>(setup.topology, setup.drb,
                                           drb::ZeroLoadLatency{at(1), at(2) - at(1)});
}

}  // namespace

void register_routings(RoutingRegistry& registry) {
  registry.add("dimension_order", "deterministic, lowest dimension first (mesh, torus, hypercube)",
               make<DimensionOrderRouting>());
  registry.add("dor", "alias of dimension_order", make<DimensionOrderRouting>());
  registry.add("e_cube", "alias of dimension_order (hypercube)", make<DimensionOrderRouting>());
  registry.add("valiant", "random intermediate node, then dimension order twice",
               make<ValiantRouting>());
  registry.add("minimal_adaptive", "any minimal port, dimension-order escape VC (Duato)",
               make<MinimalAdaptiveRouting>());
  registry.add("nca_deterministic", "fat tree: up by destination digit (d-mod-k), then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kDeterministic));
  registry.add("nca_random", "fat tree: random up port per packet and switch, then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kRandom));
  registry.add("nca_adaptive", "fat tree: up port with the most credits, then down",
               make<FatTreeNcaRouting>(UpPortPolicy::kAdaptive));
  registry.add("drb", "Distributed Routing Balancing: metapaths of multi-step paths ([drb])",
               make_drb);
}

std::vector<std::string> routing_names() {
  RoutingRegistry registry;
  register_routings(registry);
  return registry.names();
}

}  // namespace net
