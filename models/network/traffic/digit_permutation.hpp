// SPDX-License-Identifier: Apache-2.0
//
// DigitPermutation: the common part of digit patterns (tornado, neighbour), which move a node's
// router by a fixed offset in every dimension:
//
//   d_x = (s_x + offset(k_x)) mod k_x     for every router dimension x,
//
// where s_x is the source router's coordinate (router id = sum_x s_x k_0 ... k_{x-1}) and the
// local index of the node on its router (node = router * c + local) is kept.
//
// BookSim2 (traffic.cpp, DigitPermutationTrafficPattern) uses one radix k for all dimensions
// and, with concentration, digits of a finer (xr * k)-ary grid of nodes; we allow one radix per
// dimension and keep the local index, so that concentrated nodes follow their router.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

class DigitPermutation : public TrafficPattern {
 public:
  bool is_permutation() const override { return true; }

  /// Offset applied in each dimension.
  const std::vector<std::uint32_t>& offsets() const { return offsets_; }

 protected:
  using OffsetRule = std::uint32_t (*)(std::uint32_t radix);

  /// Throws pdes::ConfigError (traffic.pattern) if the context has no router coordinates.
  DigitPermutation(const TrafficContext& context, std::string_view pattern, OffsetRule rule);

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const final;

  std::vector<std::uint32_t> radices_;
  std::vector<std::uint32_t> offsets_;
  std::uint32_t concentration_;
};

}  // namespace net::traffic
