// SPDX-License-Identifier: Apache-2.0
//
// Bit-complement permutation: every address bit is inverted.
//
//   d_i = NOT s_i   for 0 <= i < b,      i.e. d = ~s & (N - 1)
//
// BookSim2 traffic.cpp, BitCompTrafficPattern; Dally & Towles 2004, Table 3.1. On 16 nodes
// 0 -> 15, 5 (0101) -> 10 (1010). No node maps to itself (for N >= 2). On a k-ary n-cube with
// k a power of two it sends every node to the opposite corner.
//
// Requires N = 2^b.
#pragma once

#include <any>
#include <memory>
#include <string_view>

#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

class BitComplement final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "bit_complement";

  /// Throws pdes::ConfigError (traffic.pattern) unless num_nodes is a power of two.
  explicit BitComplement(std::uint64_t num_nodes);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return true; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;
};

}  // namespace net::traffic
