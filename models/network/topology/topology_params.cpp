// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/topology_params.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"

namespace net {

void TopologyParams::require_only(std::string_view topology,
                                  std::initializer_list<std::string_view> used) const {
  const auto is_used = [&](std::string_view key) {
    return std::find(used.begin(), used.end(), key) != used.end();
  };
  const std::pair<std::string_view, bool> set_keys[] = {
      {kDimsKey, !dims.empty()},
      {kConcentrationKey, concentration.has_value()},
      {kArityKey, k.has_value()},
      {kLevelsKey, n.has_value()},
  };
  for (const auto& [key, is_set] : set_keys) {
    if (!is_set || is_used(key)) continue;
    std::string valid;
    for (std::string_view u : used) {
      if (!valid.empty()) valid += ", ";
      valid += u;
    }
    throw pdes::ConfigError(std::string(key), "not used by topology '" + std::string(topology) +
                                                  "' (it uses: " + valid + ")");
  }
}

}  // namespace net
