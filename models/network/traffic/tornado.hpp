// SPDX-License-Identifier: Apache-2.0
//
// Tornado: every node sends to the router just short of half-way round each dimension.
//
//   d_x = (s_x + ceil(k_x / 2) - 1) mod k_x    for every router dimension x (DigitPermutation)
//
// BookSim2 traffic.cpp, TornadoTrafficPattern (offset (k + 1) / 2 - 1); Dally & Towles 2004,
// Table 3.1. On an 8-ary torus every coordinate moves by 3, the adversarial load for minimal
// torus routing. Dimensions of radix 2 (and 1) get offset 0, so on a hypercube tornado would map
// every node to itself: the constructor refuses a topology where all offsets are 0.
//
// Requires a mesh, torus or hypercube (router coordinates) with some radix >= 3.
#pragma once

#include <any>
#include <memory>
#include <string_view>

#include "models/network/traffic/digit_permutation.hpp"

namespace net::traffic {

class Tornado final : public DigitPermutation {
 public:
  static constexpr std::string_view kName = "tornado";

  /// Throws pdes::ConfigError (traffic.pattern) without router coordinates or if every radix
  /// is <= 2.
  explicit Tornado(const TrafficContext& context);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
};

}  // namespace net::traffic
