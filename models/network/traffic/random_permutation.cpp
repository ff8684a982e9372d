// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/random_permutation.hpp"

#include <numeric>
#include <string>
#include <utility>

#include "models/network/topology/topology_params.hpp"

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
                                                          const TrafficParams& params) {
  params.require_only(kName, {kPermutationSeedKey});
  if (!params.permutation_seed) {
    throw pdes::ConfigError(std::string(kPermutationSeedKey),
                            "required by traffic pattern 'random_permutation'");
  }
  return std::make_unique<RandomPermutation>(context.num_nodes, *params.permutation_seed);
}

NodeId RandomPermutation::pick(NodeId source, pdes::Rng&) const { return destination_[source]; }

}  // namespace net::traffic
