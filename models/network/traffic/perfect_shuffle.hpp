// SPDX-License-Identifier: Apache-2.0
//
// Perfect-shuffle permutation: the address rotated left by one bit.
//
//   d_i = s_{(i-1) mod b},      i.e. d = ((s << 1) & (N - 1)) | s_{b-1}
//
// BookSim2 traffic.cpp, ShuffleTrafficPattern ("shuffle"); Dally & Towles 2004, Table 3.1. On 16
// nodes 1 -> 2, 8 (1000) -> 1, 9 (1001) -> 3. 0 and N-1 map to themselves.
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

class PerfectShuffle final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "perfect_shuffle";

  /// Throws pdes::ConfigError (traffic.pattern) unless num_nodes is a power of two.
  explicit PerfectShuffle(std::uint64_t num_nodes);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return true; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::uint32_t bits_;
};

}  // namespace net::traffic
