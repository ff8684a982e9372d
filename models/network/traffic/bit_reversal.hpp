// SPDX-License-Identifier: Apache-2.0
//
// Bit-reversal permutation: the address bits in reverse order.
//
//   d_i = s_{b-1-i}   for 0 <= i < b
//
// BookSim2 traffic.cpp, BitRevTrafficPattern; Dally & Towles 2004, Table 3.1. On 16 nodes
// 1 (0001) -> 8 (1000), 3 (0011) -> 12 (1100). Palindromic ids (0, 6 = 0110, 9, 15 on 16 nodes;
// 2^ceil(b/2) of them) map to themselves, as in BookSim2.
//
// Requires N = 2^b.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string_view>

#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

class BitReversal final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "bit_reversal";

  /// Throws pdes::ConfigError (traffic.pattern) unless num_nodes is a power of two.
  explicit BitReversal(std::uint64_t num_nodes);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return true; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::uint32_t bits_;
};

}  // namespace net::traffic
