// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/random_group_permutation.hpp"

#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "io/config/configurable_registry.hpp"
#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

namespace {
constexpr const char* kSeedKey = "traffic.random_group_permutation.seed";
}  // namespace

RandomGroupPermutation::RandomGroupPermutation(const TrafficContext& context, std::uint64_t seed)
    : TrafficPattern(context.num_nodes), nodes_per_group_(context.nodes_per_group) {
  require_groups(context, kName);
  const std::uint64_t g = context.groups;
  target_.resize(g);
  std::iota(target_.begin(), target_.end(), std::uint64_t{0});
  std::uint64_t counter = 0;
  pdes::Rng rng(seed, pdes::LpId(kStream), counter);
  for (std::uint64_t i = g - 1; i > 0; --i) std::swap(target_[i], target_[rng.uniform_int(i + 1)]);
  // Fixed points send nothing over a global link: swap each with the next group's target,
  // which breaks the fixed point and keeps a bijection.
  for (std::uint64_t i = 0; i < g; ++i) {
    if (target_[i] == i) std::swap(target_[i], target_[(i + 1) % g]);
  }
}

std::unique_ptr<TrafficPattern> RandomGroupPermutation::create(const TrafficContext& context,
                                                               const std::any& options) {
  const auto params = io::options_or_default<RandomGroupPermutationParams>(options);
  if (!params.seed) {
    throw pdes::ConfigError(kSeedKey, "required by traffic pattern 'random_group_permutation'");
  }
  return std::make_unique<RandomGroupPermutation>(context, *params.seed);
}

PatternConfig RandomGroupPermutation::config() {
  PatternConfig c;
  c.section = "traffic.random_group_permutation";
  c.description = "Random group permutation: group G sends to group pi(G), pi drawn from a seed";
  c.parameters = {
      {c.section, io::field_int("seed", 0)
                      .optional()
                      .range(0, std::numeric_limits<std::int64_t>::max())
                      .describe("Seed of the permutation of the groups, required")},
  };
  c.read = [](const PatternValues& values) -> std::any {
    RandomGroupPermutationParams p;
    if (values.is_set("seed")) p.seed = static_cast<std::uint64_t>(values.get_int("seed"));
    return p;
  };
  return c;
}

NodeId RandomGroupPermutation::pick(NodeId source, pdes::Rng& rng) const {
  return target_[source / nodes_per_group_] * nodes_per_group_ + rng.uniform_int(nodes_per_group_);
}

}  // namespace net::traffic
