// SPDX-License-Identifier: Apache-2.0
//
// Hot-spot traffic: a fraction f of all packets goes to a small set H of hot nodes, the rest is
// uniform.
//
//   with probability f:      d = H[U{0..|H|-1}]   (a hot node, chosen uniformly)
//   with probability 1 - f:  d = U{0..N-1}        (uniform over all nodes, as Uniform)
//
// Two draws per packet: rng.uniform() < f, then one uniform_int. This is the hot-spot model of
// Pfister & Norton (ICPP 1985): hot nodes also receive their share of the uniform part.
// BookSim2's HotSpotTrafficPattern differs: it sends *all* traffic to the hot spots, weighted by
// per-spot rates, with no uniform background; that is f = 1 here with equal rates. Hot nodes
// send like every other node. Sources may draw themselves (see TrafficPattern).
//
// Parameters: traffic.hot_spot.nodes (non-empty, distinct, each < N) and
// traffic.hot_spot.fraction (0 <= f <= 1), both required.
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

inline constexpr std::string_view kHotSpotNodesKey = "traffic.hot_spot.nodes";
inline constexpr std::string_view kHotSpotFractionKey = "traffic.hot_spot.fraction";

/// [traffic.hot_spot], or the phase fields hot_spot_nodes and hot_spot_fraction.
struct HotSpotParams {
  std::vector<NodeId> nodes;       ///< empty = not given
  std::optional<double> fraction;  ///< not given
};

class HotSpot final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "hot_spot";

  /// Throws pdes::ConfigError naming traffic.hot_spot.nodes or traffic.hot_spot.fraction.
  HotSpot(std::uint64_t num_nodes, std::vector<NodeId> hot_nodes, double fraction);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);
  /// The declaration and reader of HotSpotParams.
  static PatternConfig config();

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return false; }

  const std::vector<NodeId>& hot_nodes() const { return hot_nodes_; }
  double fraction() const { return fraction_; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::vector<NodeId> hot_nodes_;
  double fraction_;
};

}  // namespace net::traffic
