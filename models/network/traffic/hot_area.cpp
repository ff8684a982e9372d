// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/hot_area.hpp"

#include <string>

#include "io/config/configurable_registry.hpp"

namespace net::traffic {

HotArea::HotArea(std::uint64_t num_nodes, std::vector<NodeId> sources,
                 std::vector<NodeId> destinations, double fraction)
    : TrafficPattern(num_nodes), flow_(num_nodes, num_nodes), fraction_(fraction) {
  const std::string sources_key(kHotAreaSourcesKey);
  const std::string destinations_key(kHotAreaDestinationsKey);
  if (sources.empty()) throw pdes::ConfigError(sources_key, "needs at least one flow source");
  if (destinations.size() != sources.size()) {
    throw pdes::ConfigError(destinations_key,
                            "needs one destination per source: " +
                                std::to_string(destinations.size()) + " destinations for " +
                                std::to_string(sources.size()) + " sources");
  }
  // Every id once in the two lists together: the flows share no source and no destination.
  std::vector<char> used(num_nodes, 0);
  auto take = [&](const std::string& key, NodeId n, const char* what) {
    if (n >= num_nodes) {
      throw pdes::ConfigError(key, std::string(what) + " " + std::to_string(n) +
                                       " does not exist; the network has " +
                                       std::to_string(num_nodes) + " nodes");
    }
    if (used[n]) {
      throw pdes::ConfigError(key, "node " + std::to_string(n) +
                                       " listed twice (the flows share no source and no "
                                       "destination, and no node is both)");
    }
    used[n] = 1;
  };
  for (NodeId n : sources) take(sources_key, n, "source");
  for (NodeId n : destinations) take(destinations_key, n, "destination");
  for (std::size_t i = 0; i < sources.size(); ++i) flow_[sources[i]] = destinations[i];
  if (!(fraction >= 0.0 && fraction <= 1.0)) {
    throw pdes::ConfigError(std::string(kHotAreaFractionKey),
                            "must be between 0 and 1, got " + std::to_string(fraction));
  }
}

std::unique_ptr<TrafficPattern> HotArea::create(const TrafficContext& context,
                                                const std::any& options) {
  const auto params = io::options_or_default<HotAreaParams>(options);
  if (params.sources.empty()) {
    throw pdes::ConfigError(std::string(kHotAreaSourcesKey),
                            "required by traffic pattern 'hot_area', e.g. [25, 26, 27]");
  }
  if (params.destinations.empty()) {
    throw pdes::ConfigError(std::string(kHotAreaDestinationsKey),
                            "required by traffic pattern 'hot_area', e.g. [4, 53, 14]");
  }
  return std::make_unique<HotArea>(context.num_nodes, params.sources, params.destinations,
                                   params.fraction.value_or(1.0));
}

PatternConfig HotArea::config() {
  PatternConfig c;
  c.section = "traffic.hot_area";
  c.description = "Hot-area pattern (fixed colliding flows over uniform background)";
  c.parameters = {
      {c.section, io::field_int_list("sources", {})
                      .optional()
                      .min(0)
                      .describe("Sources of the fixed flows (distinct node ids), required")},
      {c.section, io::field_int_list("destinations", {})
                      .optional()
                      .min(0)
                      .describe("Destination of each source's flow, in the order of sources "
                                "(distinct, none a source), required")},
      {c.section, io::field_float("fraction", 1.0)
                      .optional()
                      .range(0.0, 1.0)
                      .describe("Share of a flow source's packets sent on its flow (the rest "
                                "is uniform); other nodes send uniform traffic")},
  };
  c.read = [](const PatternValues& values) -> std::any {
    HotAreaParams p;
    auto ids = [&](const char* key, std::vector<NodeId>& out) {
      if (!values.is_set(key)) return;
      for (const std::int64_t n : values.get_int_list(key)) out.push_back(static_cast<NodeId>(n));
    };
    ids("sources", p.sources);
    ids("destinations", p.destinations);
    if (values.is_set("fraction")) p.fraction = values.get_float("fraction");
    return p;
  };
  return c;
}

NodeId HotArea::pick(NodeId source, pdes::Rng& rng) const {
  const NodeId flow = flow_[source];
  if (flow < num_nodes() && (fraction_ >= 1.0 || rng.uniform() < fraction_)) return flow;
  return rng.uniform_int(num_nodes());
}

}  // namespace net::traffic
