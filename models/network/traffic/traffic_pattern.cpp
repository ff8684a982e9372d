// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_pattern.hpp"

#include "models/network/traffic/pattern_config.hpp"

namespace net {

TrafficPattern::TrafficPattern(std::uint64_t num_nodes) : num_nodes_(num_nodes) {
  if (num_nodes == 0) {
    throw pdes::ConfigError(std::string(kTrafficPatternKey), "a traffic pattern needs nodes");
  }
}

}  // namespace net
