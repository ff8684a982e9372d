// SPDX-License-Identifier: Apache-2.0
//
// Matrix-transpose permutation: the upper and lower halves of the address swapped.
//
//   d_i = s_{(i + b/2) mod b},      i.e. d = (s >> b/2) | ((s << b/2) & (N - 1))
//
// BookSim2 traffic.cpp, TransposeTrafficPattern; Dally & Towles 2004, Table 3.1. Seeing the N
// nodes as a 2^(b/2) x 2^(b/2) matrix with s = x + 2^(b/2) y, node (x, y) sends to (y, x): on a
// 4x4 mesh with concentration 1 (router id = x + 4y) that is the geometric transpose, and the
// diagonal nodes send to themselves. With concentration c > 1 the low bits of a node id are its
// local index, so the pattern is a transpose of node ids, not of router coordinates.
//
// Requires N = 2^b with b even.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string_view>

#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

class Transpose final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "transpose";

  /// Throws pdes::ConfigError (traffic.pattern) unless num_nodes = 2^b with b even.
  explicit Transpose(std::uint64_t num_nodes);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return true; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::uint32_t half_bits_;
};

}  // namespace net::traffic
