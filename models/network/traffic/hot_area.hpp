// SPDX-License-Identifier: Apache-2.0
//
// Hot-area traffic: a few fixed flows whose paths cross one region of the network, over uniform
// background traffic. It is the hot spot of the DRB papers, read as they describe it: "some
// destinations are fixed in order to increase the traffic in a particular area of the network"
// (Franco, Garcés, Luque, ICS'99, §4), and, in the PR-DRB thesis (§4.5), flows defined "so
// that they collide", which "do not share the source and destination nodes, but they do share
// some portion of their trajectories". Unlike hot_spot (Pfister & Norton), whose bound is the
// hot nodes' ejection channels, the bound here is the links the flows share, which a routing
// that spreads the flows can relieve.
//
//   source = sources[i]:  with probability f: d = destinations[i]      (its flow)
//                         with probability 1 - f: d = U{0..N-1}       (as Uniform)
//   any other source:     d = U{0..N-1}                               (the background)
//
// A hot source draws rng.uniform() < f, then (background) one uniform_int; f = 1 draws nothing.
// Which links the flows share depends on the routing: the pattern only fixes the pairs.
// docs/network-config.md gives an 8x8-torus layout whose dimension-order paths share one link
// per group of three flows.
//
// Parameters: traffic.hot_area.sources and traffic.hot_area.destinations (required, the same
// non-zero length, each id < N, no id twice within or across the two lists: the flows share
// neither sources nor destinations) and traffic.hot_area.fraction (0 <= f <= 1, default 1).
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "models/network/traffic/pattern_config.hpp"
#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

inline constexpr std::string_view kHotAreaSourcesKey = "traffic.hot_area.sources";
inline constexpr std::string_view kHotAreaDestinationsKey = "traffic.hot_area.destinations";
inline constexpr std::string_view kHotAreaFractionKey = "traffic.hot_area.fraction";

/// [traffic.hot_area], or the phase fields hot_area_sources, hot_area_destinations and
/// hot_area_fraction.
struct HotAreaParams {
  std::vector<NodeId> sources;       ///< empty = not given
  std::vector<NodeId> destinations;  ///< empty = not given
  std::optional<double> fraction;    ///< not given = 1
};

class HotArea final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "hot_area";

  /// Throws pdes::ConfigError naming the offending traffic.hot_area key.
  HotArea(std::uint64_t num_nodes, std::vector<NodeId> sources, std::vector<NodeId> destinations,
          double fraction);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);
  /// The declaration and reader of HotAreaParams.
  static PatternConfig config();

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return false; }

  double fraction() const { return fraction_; }
  /// The fixed destination of `source`, or num_nodes() if it sends only background traffic.
  NodeId flow_destination(NodeId source) const { return flow_[source]; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::vector<NodeId> flow_;  ///< per node: its flow's destination, num_nodes() for none
  double fraction_;
};

}  // namespace net::traffic
