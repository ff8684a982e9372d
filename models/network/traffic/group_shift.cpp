// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/group_shift.hpp"

#include <string>

#include "io/config/configurable_registry.hpp"
#include "models/network/traffic/pattern_requirements.hpp"

namespace net::traffic {

namespace {
constexpr const char* kSection = "traffic.group_shift";
}  // namespace

GroupShift::GroupShift(const TrafficContext& context, const GroupShiftParams& params)
    : TrafficPattern(context.num_nodes),
      groups_(context.groups),
      nodes_per_group_(context.nodes_per_group),
      shift_(0),
      same_offset_(params.same_offset) {
  require_groups(context, kName);
  const auto g = static_cast<std::int64_t>(groups_);
  shift_ = static_cast<std::uint64_t>(((params.k % g) + g) % g);  // negative k shifts backwards
  if (shift_ == 0) {
    throw pdes::ConfigError(std::string(kSection) + ".k",
                            "k = " + std::to_string(params.k) + " is a multiple of the " +
                                std::to_string(groups_) +
                                " groups: every group would send to itself; use k mod g != 0");
  }
}

std::unique_ptr<TrafficPattern> GroupShift::create(const TrafficContext& context,
                                                   const std::any& options) {
  return std::make_unique<GroupShift>(context, io::options_or_default<GroupShiftParams>(options));
}

PatternConfig GroupShift::config() {
  PatternConfig c;
  c.section = kSection;
  c.description = "Group shift: group G sends to group G + k (Kim et al., dragonfly worst case)";
  c.parameters = {
      {c.section, io::field_int("k", 1).optional().describe(
                      "Group offset: group G sends to G + k mod g (not given: 1)")},
      {c.section, io::field_choice("destination", "random", {"random", "same_offset"})
                      .optional()
                      .describe("Node in the target group: random (uniform, per packet; not "
                                "given: random) or same_offset (the node at the source's "
                                "position: a permutation)")},
  };
  c.read = [](const PatternValues& values) -> std::any {
    GroupShiftParams p;
    if (values.is_set("k")) p.k = values.get_int("k");
    if (values.is_set("destination"))
      p.same_offset = values.get_string("destination") == "same_offset";
    return p;
  };
  return c;
}

NodeId GroupShift::pick(NodeId source, pdes::Rng& rng) const {
  const std::uint64_t target = (source / nodes_per_group_ + shift_) % groups_;
  const std::uint64_t offset =
      same_offset_ ? source % nodes_per_group_ : rng.uniform_int(nodes_per_group_);
  return target * nodes_per_group_ + offset;
}

}  // namespace net::traffic
