// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/hot_spot.hpp"

#include <algorithm>
#include <string>

#include "io/config/configurable_registry.hpp"

namespace net::traffic {

HotSpot::HotSpot(std::uint64_t num_nodes, std::vector<NodeId> hot_nodes, double fraction)
    : TrafficPattern(num_nodes), hot_nodes_(std::move(hot_nodes)), fraction_(fraction) {
  const std::string nodes_key(kHotSpotNodesKey);
  if (hot_nodes_.empty()) throw pdes::ConfigError(nodes_key, "needs at least one hot node");
  for (NodeId n : hot_nodes_) {
    if (n >= num_nodes) {
      throw pdes::ConfigError(nodes_key, "hot node " + std::to_string(n) +
                                             " does not exist; the network has " +
                                             std::to_string(num_nodes) + " nodes");
    }
  }
  std::vector<NodeId> sorted = hot_nodes_;
  std::sort(sorted.begin(), sorted.end());
  const auto dup = std::adjacent_find(sorted.begin(), sorted.end());
  if (dup != sorted.end()) {
    throw pdes::ConfigError(nodes_key, "hot node " + std::to_string(*dup) + " listed twice");
  }
  if (!(fraction >= 0.0 && fraction <= 1.0)) {
    throw pdes::ConfigError(std::string(kHotSpotFractionKey),
                            "must be between 0 and 1, got " + std::to_string(fraction));
  }
}

std::unique_ptr<TrafficPattern> HotSpot::create(const TrafficContext& context,
                                                const std::any& options) {
  const auto params = io::options_or_default<HotSpotParams>(options);
  if (params.nodes.empty()) {
    throw pdes::ConfigError(std::string(kHotSpotNodesKey),
                            "required by traffic pattern 'hot_spot', e.g. [0, 27]");
  }
  if (!params.fraction) {
    throw pdes::ConfigError(std::string(kHotSpotFractionKey),
                            "required by traffic pattern 'hot_spot', e.g. 0.1");
  }
  return std::make_unique<HotSpot>(context.num_nodes, params.nodes, *params.fraction);
}

PatternConfig HotSpot::config() {
  PatternConfig c;
  c.section = "traffic.hot_spot";
  c.description = "Hot-spot pattern (Pfister & Norton)";
  c.parameters = {
      {c.section, io::field_int_list("nodes", {})
                      .optional()
                      .min(0)
                      .describe("Hot nodes (distinct node ids), required")},
      {c.section, io::field_float("fraction", 0.0)
                      .optional()
                      .range(0.0, 1.0)
                      .describe("Share of packets sent to a hot node (the rest is uniform), "
                                "required")},
  };
  c.read = [](const PatternValues& values) -> std::any {
    HotSpotParams p;
    if (values.is_set("nodes")) {
      for (const std::int64_t n : values.get_int_list("nodes")) {
        p.nodes.push_back(static_cast<NodeId>(n));
      }
    }
    if (values.is_set("fraction")) p.fraction = values.get_float("fraction");
    return p;
  };
  return c;
}

NodeId HotSpot::pick(NodeId, pdes::Rng& rng) const {
  if (rng.uniform() < fraction_) return hot_nodes_[rng.uniform_int(hot_nodes_.size())];
  return rng.uniform_int(num_nodes());
}

}  // namespace net::traffic
