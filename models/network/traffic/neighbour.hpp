// SPDX-License-Identifier: Apache-2.0
//
// Neighbour: every node sends to the next router in every dimension.
//
//   d_x = (s_x + 1) mod k_x    for every router dimension x (DigitPermutation)
//
// BookSim2 traffic.cpp, NeighborTrafficPattern; Dally & Towles 2004, Table 3.1. On a torus the
// destination is one hop away in each dimension; on a mesh the last coordinate wraps to 0, as in
// BookSim2, which makes those packets cross the whole dimension; on a hypercube every bit flips
// (the same destinations as bit complement when concentration is 1).
//
// Requires a mesh, torus or hypercube (router coordinates).
#pragma once

#include <any>
#include <memory>
#include <string_view>

#include "models/network/traffic/digit_permutation.hpp"

namespace net::traffic {

class Neighbour final : public DigitPermutation {
 public:
  static constexpr std::string_view kName = "neighbour";

  /// Throws pdes::ConfigError (traffic.pattern) without router coordinates.
  explicit Neighbour(const TrafficContext& context);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
};

}  // namespace net::traffic
