// SPDX-License-Identifier: Apache-2.0
//
// TrafficRegistry: traffic patterns by name, selected by the config key traffic.pattern.
//
//   TrafficRegistry registry;
//   register_traffic_patterns(registry);
//   std::unique_ptr<TrafficPattern> p =
//       registry.create("tornado", TrafficContext::of(topology), TrafficParams{});
//
// Unknown names throw pdes::ConfigError("traffic.pattern", "... valid names: uniform, ...").
#pragma once

#include "models/network/topology/named_registry.hpp"
#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_params.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net {

class TrafficRegistry
    : public NamedRegistry<TrafficPattern, const TrafficContext&, const TrafficParams&> {
 public:
  TrafficRegistry() : NamedRegistry(std::string(kTrafficPatternKey), "traffic pattern") {}
};

/// Adds the ten synthetic patterns, one line each.
void register_traffic_patterns(TrafficRegistry& registry);

}  // namespace net
