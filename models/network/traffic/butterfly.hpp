// SPDX-License-Identifier: Apache-2.0
//
// Butterfly permutation: the most and least significant address bits swapped.
//
//   d_0 = s_{b-1},  d_{b-1} = s_0,  d_i = s_i otherwise
//
// BookSim2 has no butterfly pattern; this is the definition of Noxim (trafficButterfly) and of
// the seed 000 / seed 004 evaluations ("swap the most and least significant bits"). On 16 nodes
// 1 (0001) -> 8 (1000), 8 -> 1, 6 (0110) -> 6. Half of the nodes (those with s_0 == s_{b-1})
// map to themselves; with b <= 1 every node does.
//
// Requires N = 2^b.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string_view>

#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

class Butterfly final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "butterfly";

  /// Throws pdes::ConfigError (traffic.pattern) unless num_nodes is a power of two.
  explicit Butterfly(std::uint64_t num_nodes);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return true; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::uint32_t bits_;
};

}  // namespace net::traffic
