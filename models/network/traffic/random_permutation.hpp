// SPDX-License-Identifier: Apache-2.0
//
// Random permutation: a fixed bijection of the node ids, drawn once at construction from a seed.
//
//   d = pi(s),  pi uniform over the N! permutations, fixed for the whole run
//
// BookSim2 traffic.cpp, RandomPermutationTrafficPattern ("randperm", seeded by perm_seed). The
// permutation is drawn by Fisher-Yates (Durstenfeld): pi = identity; for i = N-1 down to 1:
// j = U{0..i}, swap(pi[i], pi[j]). U draws come from pdes::Rng(seed, kStream, counter = 0) with
// stream kStream = 2^64 - 1, an LP id no model uses, so the permutation depends only on
// traffic.permutation_seed: equal on every rank and engine, and independent of the run's seed
// unless the user chooses them equal. BookSim2 uses its own generator and a different shuffle,
// so the same seed gives a different permutation there. As in BookSim2 the permutation may
// have fixed points (about one node on average sends to itself).
//
// Any node count (memory: 4 bytes per node). Parameter: traffic.permutation_seed (required).
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

inline constexpr std::string_view kPermutationSeedKey = "traffic.permutation_seed";

/// traffic.permutation_seed, or the phase field permutation_seed.
struct RandomPermutationParams {
  std::optional<std::uint64_t> seed;  ///< not given
};

class RandomPermutation final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "random_permutation";
  static constexpr std::uint64_t kStream = ~std::uint64_t{0};

  RandomPermutation(std::uint64_t num_nodes, std::uint64_t seed);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);
  /// The declaration and reader of RandomPermutationParams.
  static PatternConfig config();

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return true; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::vector<std::uint32_t> destination_;
};

}  // namespace net::traffic
