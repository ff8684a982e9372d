// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/digit_permutation.hpp"

#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

DigitPermutation::DigitPermutation(const TrafficContext& context, std::string_view pattern,
                                   OffsetRule rule)
    : TrafficPattern(context.num_nodes),
      radices_(context.radices),
      concentration_(context.concentration) {
  require_radices(context, pattern);
  for (std::uint32_t k : radices_) offsets_.push_back(rule(k) % k);
}

NodeId DigitPermutation::pick(NodeId source, pdes::Rng&) const {
  std::uint64_t router = source / concentration_;
  std::uint64_t result = 0;
  std::uint64_t stride = 1;
  for (std::size_t x = 0; x < radices_.size(); ++x) {
    const std::uint64_t k = radices_[x];
    result += ((router % k + offsets_[x]) % k) * stride;
    router /= k;
    stride *= k;
  }
  return result * concentration_ + source % concentration_;
}

}  // namespace net::traffic
