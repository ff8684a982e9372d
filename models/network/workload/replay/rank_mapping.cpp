// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/rank_mapping.hpp"

#include <numeric>
#include <utility>

#include "pdes/error.hpp"
#include "pdes/rng.hpp"

namespace net::replay {

std::vector<NodeId> map_ranks(const std::string& mapping, std::uint64_t seed, std::uint32_t ranks,
                              std::uint64_t nodes) {
  std::vector<NodeId> all(nodes);
  std::iota(all.begin(), all.end(), NodeId{0});
  if (mapping == "random") {
    // Fisher-Yates with the kernel's counter-based generator: the same permutation everywhere.
    std::uint64_t counter = 0;
    pdes::Rng rng(seed, pdes::LpId{0x52414E4B}, counter);  // a stream of its own: "RANK"
    for (std::uint64_t i = nodes; i > 1; --i) {
      const std::uint64_t j = rng.uniform_int(i);
      std::swap(all[i - 1], all[j]);
    }
  } else if (mapping != "linear") {
    throw pdes::ConfigError("workload.rank_mapping",
                            "unknown mapping '" + mapping + "'; valid: linear, random");
  }
  all.resize(ranks);
  return all;
}

}  // namespace net::replay
