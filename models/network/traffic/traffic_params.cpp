// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_params.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "pdes/error.hpp"

namespace net {

void TrafficParams::require_only(std::string_view pattern,
                                 std::initializer_list<std::string_view> used) const {
  const std::pair<std::string_view, bool> set_keys[] = {
      {kPermutationSeedKey, permutation_seed.has_value()},
      {kHotSpotNodesKey, !hot_spot_nodes.empty()},
      {kHotSpotFractionKey, hot_spot_fraction.has_value()},
  };
  for (const auto& [key, is_set] : set_keys) {
    if (!is_set || std::find(used.begin(), used.end(), key) != used.end()) continue;
    std::string valid;
    for (std::string_view u : used) {
      if (!valid.empty()) valid += ", ";
      valid += u;
    }
    throw pdes::ConfigError(
        std::string(key),
        "not used by traffic pattern '" + std::string(pattern) + "'" +
            (valid.empty() ? " (it takes no parameters)" : " (it uses: " + valid + ")"));
  }
}

}  // namespace net
