// SPDX-License-Identifier: Apache-2.0
//
// RoutingRegistry: routing algorithms by name, selected by the config key network.routing.
//
//   RoutingRegistry registry;
//   register_routings(registry);
//   std::unique_ptr<RoutingAlgorithm> r = registry.create("valiant", RoutingSetup{*topology});
//
// An entry is a routing algorithm's whole registration: its name, description and factory, and,
// for an algorithm with parameters of its own, its configuration section (io::PartConfig): the
// keys it declares and how it reads them into its parameters struct. The network model carries
// that struct opaquely (NetworkParams::routing_options, a std::any) to the factory.
//
// Sections of routings that are not selected are validated like any other section (types,
// ranges, unknown keys) and otherwise inert: only the selected routing reads its section. So a
// file may keep a routing's section while a sweep sets network.routing to another routing.
//
// An unknown name throws pdes::ConfigError("network.routing", "... valid names: ..."); a routing
// that does not fit the topology (dimension order on a fat tree, NCA on a mesh) throws
// pdes::ConfigError("network.routing") from its constructor, naming the topology.
#pragma once

#include <any>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/router/router_params.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/routing/torus_tie.hpp"
#include "io/config/configurable_registry.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

/// What a routing algorithm is built from.
struct RoutingSetup {
  const Topology& topology;
  RouterParams router{};          ///< e.g. for the zero-load latency of a packet
  std::uint32_t packet_size = 1;  ///< flits of a data packet
  /// The algorithm's own parameters, as its io::PartConfig::read made them; empty: its defaults.
  std::any options{};
  /// network.torus_tie: the way dimension-order routes take at a torus half-way tie.
  TorusTie torus_tie = TorusTie::kPlus;

  /// The options as T, or T's defaults when none were given.
  template <class T>
  T options_or_default() const {
    return io::options_or_default<T>(options);
  }
};

class RoutingRegistry : public io::ConfigurableRegistry<RoutingAlgorithm, const RoutingSetup&> {
 public:
  RoutingRegistry() : ConfigurableRegistry("network.routing", "routing") {}
};

/// Adds every routing algorithm, one line each.
void register_routings(RoutingRegistry& registry);

/// The registered names (for the configuration schema's list of choices).
std::vector<std::string> routing_names();

}  // namespace net
