// SPDX-License-Identifier: Apache-2.0
//
// Random group permutation: the groups of a dragonfly permuted by a fixed random bijection pi,
// drawn once from a seed; every node of group G sends to a node of group pi(G), chosen uniformly
// at random per packet. A generalisation of group shift (group_shift.hpp) used to study
// adversarial group-level traffic without the shift's regularity (each group still sends all its
// traffic to one other group). The permutation is made a derangement: a group that pi maps to
// itself swaps targets with the next group, so no group talks only to itself (which would load
// no global link).
//
// The draw: Fisher-Yates over the groups with pdes::Rng(seed, stream 2^64 - 2, counter 0), a
// stream no LP uses, so the permutation depends only on the seed: equal on every rank and engine.
//
// Parameters: traffic.random_group_permutation.seed (required); phase field
// random_group_permutation_seed. Needs a topology with groups, otherwise a ConfigError naming
// traffic.pattern.
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

struct RandomGroupPermutationParams {
  std::optional<std::uint64_t> seed;
};

class RandomGroupPermutation final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "random_group_permutation";
  static constexpr std::uint64_t kStream = ~std::uint64_t{0} - 1;

  RandomGroupPermutation(const TrafficContext& context, std::uint64_t seed);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);
  static PatternConfig config();

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return false; }
  /// The group that group `group` sends to.
  std::uint64_t target_group(std::uint64_t group) const { return target_[group]; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::uint64_t nodes_per_group_;
  std::vector<std::uint64_t> target_;
};

}  // namespace net::traffic
