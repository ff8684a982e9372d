// SPDX-License-Identifier: Apache-2.0
//
// TrafficParams: the typed, not yet validated parameters of the traffic patterns.
//
// The config layer fills the fields whose keys appear in the file; the pattern's factory
// validates them and rejects keys its pattern does not use (pdes::ConfigError naming the key).
//
// | key                       | field              | used by            |
// |---------------------------|--------------------|--------------------|
// | traffic.permutation_seed  | permutation_seed   | random_permutation |
// | traffic.hot_spot.nodes    | hot_spot_nodes     | hot_spot           |
// | traffic.hot_spot.fraction | hot_spot_fraction  | hot_spot           |
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

namespace net {

inline constexpr std::string_view kTrafficPatternKey = "traffic.pattern";
inline constexpr std::string_view kPermutationSeedKey = "traffic.permutation_seed";
inline constexpr std::string_view kHotSpotNodesKey = "traffic.hot_spot.nodes";
inline constexpr std::string_view kHotSpotFractionKey = "traffic.hot_spot.fraction";

struct TrafficParams {
  std::optional<std::uint64_t> permutation_seed;  ///< traffic.permutation_seed
  std::vector<std::uint64_t> hot_spot_nodes;      ///< traffic.hot_spot.nodes; empty = unset
  std::optional<double> hot_spot_fraction;        ///< traffic.hot_spot.fraction

  /// Throws pdes::ConfigError naming the first key that is set but not in `used`.
  void require_only(std::string_view pattern, std::initializer_list<std::string_view> used) const;
};

}  // namespace net
