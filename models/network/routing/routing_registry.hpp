// SPDX-License-Identifier: Apache-2.0
//
// RoutingRegistry: routing algorithms by name, selected by the config key network.routing.
//
//   RoutingRegistry registry;
//   register_routings(registry);
//   std::unique_ptr<RoutingAlgorithm> r = registry.create("valiant", RoutingSetup{*topology});
//
// An unknown name throws pdes::ConfigError("network.routing", "... valid names: ..."); a routing
// that does not fit the topology (dimension order on a fat tree, NCA on a mesh) throws
// pdes::ConfigError("network.routing") from its constructor, naming the topology.
#pragma once

#include "models/network/router/router_params.hpp"
#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/named_registry.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

/// What a routing algorithm is built from. Algorithms with parameters of their own (DRB) get
/// them here.
struct RoutingSetup {
  const Topology& topology;
  RouterParams router{};         ///< DRB: the zero-load latency of its eq. [3]
  std::uint32_t packet_size = 1;  ///< flits of a data packet
  drb::DrbParams drb{};           ///< the [drb] section
};

class RoutingRegistry : public NamedRegistry<RoutingAlgorithm, const RoutingSetup&> {
 public:
  RoutingRegistry() : NamedRegistry("network.routing", "routing") {}
};

/// Adds every routing algorithm, one line each.
void register_routings(RoutingRegistry& registry);

/// The registered names (for the configuration schema's list of choices).
std::vector<std::string> routing_names();

}  // namespace net
