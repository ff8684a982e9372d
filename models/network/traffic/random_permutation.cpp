// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/random_permutation.hpp"

#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "io/config/configurable_registry.hpp"
#include "models/network/topology/network_size_keys.hpp"

namespace net::traffic {

RandomPermutation::RandomPermutation(std::uint64_t num_nodes, std::uint64_t seed)
    : TrafficPattern(num_nodes) {
  if (num_nodes > kMaxTopologySize) {
    throw pdes::ConfigError(
        std::string(kTrafficPatternKey),
        "'random_permutation' supports at most " + std::to_string(kMaxTopologySize) + " nodes");
  }
  destination_.resize(num_nodes);
  std::iota(destination_.begin(), destination_.end(), std::uint32_t{0});
  std::uint64_t counter = 0;
  pdes::Rng rng(seed, pdes::LpId(kStream), counter);
  for (std::uint64_t i = num_nodes - 1; i > 0; --i) {
    std::swap(destination_[i], destination_[rng.uniform_int(i + 1)]);
  }
}

std::unique_ptr<TrafficPattern> RandomPermutation::create(const TrafficContext& context,
                                                          const std::any& options) {
  const auto params = io::options_or_default<RandomPermutationParams>(options);
  if (!params.seed) {
    throw pdes::ConfigError(std::string(kPermutationSeedKey),
                            "required by traffic pattern 'random_permutation'");
  }
  return std::make_unique<RandomPermutation>(context.num_nodes, *params.seed);
}

PatternConfig RandomPermutation::config() {
  PatternConfig c;
  c.section = "traffic";
  c.parameters = {
      {c.section, io::field_int("permutation_seed", 0)
                      .optional()
                      .range(0, std::numeric_limits<std::int64_t>::max())
                      .describe("Seed of the permutation, required")},
  };
  c.read = [](const PatternValues& values) -> std::any {
    RandomPermutationParams p;
    if (values.is_set("permutation_seed")) {
      p.seed = static_cast<std::uint64_t>(values.get_int("permutation_seed"));
    }
    return p;
  };
  return c;
}

NodeId RandomPermutation::pick(NodeId source, pdes::Rng&) const { return destination_[source]; }

}  // namespace net::traffic
