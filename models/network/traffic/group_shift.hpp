// SPDX-License-Identifier: Apache-2.0
//
// Group shift: every node of group G sends to a node of group (G + k) mod g — the adversarial
// pattern of the dragonfly. Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable
// Dragonfly Topology" (ISCA 2008, §4.1, the worst-case traffic "WC", in which every node of
// group i sends to randomly chosen nodes of group i + 1). All of a group's traffic then wants the
// one global link to group G + k (when g = a·h + 1), so minimal routing saturates at 1 / (a·p) of a
// node's bandwidth per node, and non-minimal routing is needed.
//
//   destination = random (default, as in the paper): a node of group G + k uniformly at random
//                 (draws from the source's stream);
//   destination = same_offset: the node at the same position in group G + k (a permutation,
//                 no draws): s + k * nodes_per_group mod N.
//
// Parameters: traffic.group_shift.k (default 1; k mod g must not be 0), traffic.group_shift.
// destination; phase fields group_shift_k, group_shift_destination. Needs a topology with groups
// (a dragonfly), otherwise a ConfigError naming traffic.pattern.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string_view>

#include "models/network/traffic/pattern_config.hpp"
#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net::traffic {

struct GroupShiftParams {
  std::int64_t k = 1;
  bool same_offset = false;
};

class GroupShift final : public TrafficPattern {
 public:
  static constexpr std::string_view kName = "group_shift";

  /// Throws pdes::ConfigError (traffic.pattern without groups, traffic.group_shift.k when
  /// k mod g == 0).
  GroupShift(const TrafficContext& context, const GroupShiftParams& params);
  static std::unique_ptr<TrafficPattern> create(const TrafficContext& context,
                                                const std::any& options);
  static PatternConfig config();

  std::string_view name() const override { return kName; }
  bool is_permutation() const override { return same_offset_; }

 private:
  NodeId pick(NodeId source, pdes::Rng& rng) const override;

  std::uint64_t groups_;
  std::uint64_t nodes_per_group_;
  std::uint64_t shift_;  // k mod g, in 1 .. g-1
  bool same_offset_;
};

}  // namespace net::traffic
