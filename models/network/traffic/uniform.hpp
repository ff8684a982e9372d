// SPDX-License-Identifier: Apache-2.0
//
// Uniform random traffic: every packet goes to a node drawn uniformly from all N nodes.
//
//   d = U{0, ..., N-1}      (one draw of rng.uniform_int(N) per packet)
//
// As in BookSim2 (traffic.cpp, UniformRandomTrafficPattern: RandomInt(_nodes - 1), inclusive),
// the source itself is a possible destination, with probability 1/N; see TrafficPattern for what
// self-addressed packets mean.
//
// Any node count.
#pragma once

#include <any>
#include <memory>
#include <string_view>

#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

class Uniform final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "uniform";

  explicit Uniform(std::uint64_t num_nodes) : TrafficPattern(num_nodes) {}
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return false; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;
};

}  // namespace net::traffic
