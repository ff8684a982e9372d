// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/dragonfly_arrangement.hpp"

#include "pdes/error.hpp"

namespace net {

std::vector<std::string> global_arrangement_names() {
  return {"absolute", "relative", "circulant"};
}

std::string_view to_string(GlobalArrangement arrangement) {
  switch (arrangement) {
    case GlobalArrangement::kAbsolute:
      return "absolute";
    case GlobalArrangement::kRelative:
      return "relative";
    case GlobalArrangement::kCirculant:
      return "circulant";
  }
  return "?";
}

GlobalArrangement parse_global_arrangement(std::string_view name) {
  if (name == "absolute") return GlobalArrangement::kAbsolute;
  if (name == "relative") return GlobalArrangement::kRelative;
  if (name == "circulant") return GlobalArrangement::kCirculant;
  throw pdes::ConfigError("dragonfly.arrangement", "unknown arrangement '" + std::string(name) +
                                                       "'; valid: absolute, relative, circulant");
}

DragonflyArrangement::DragonflyArrangement(GlobalArrangement arrangement, std::uint64_t groups)
    : kind_(arrangement), groups_(groups) {
  PDES_CHECK(groups >= 2, "a dragonfly needs at least 2 groups");
}

std::uint64_t DragonflyArrangement::target(std::uint64_t group, std::uint64_t slot) const {
  PDES_CHECK(group < groups_ && slot < slots(), "dragonfly slot out of range");
  switch (kind_) {
    case GlobalArrangement::kAbsolute:
      return slot < group ? slot : slot + 1;
    case GlobalArrangement::kRelative:
      return (group + slot + 1) % groups_;
    case GlobalArrangement::kCirculant: {
      // Offset i+1 forwards on even slots, backwards on odd ones. With g even the last slot
      // (g-2, even) is offset g/2, which is its own inverse.
      const std::uint64_t offset = slot / 2 + 1;
      return slot % 2 == 0 ? (group + offset) % groups_ : (group + groups_ - offset) % groups_;
    }
  }
  return 0;
}

std::uint64_t DragonflyArrangement::slot_of(std::uint64_t group, std::uint64_t other) const {
  PDES_CHECK(group < groups_ && other < groups_ && group != other, "dragonfly group out of range");
  switch (kind_) {
    case GlobalArrangement::kAbsolute:
      return other < group ? other : other - 1;
    case GlobalArrangement::kRelative:
      return (other + groups_ - group - 1) % groups_;
    case GlobalArrangement::kCirculant: {
      const std::uint64_t forward = (other + groups_ - group) % groups_;  // 1 .. g-1
      if (2 * forward <= groups_) return 2 * (forward - 1);               // +offset (g/2 too)
      return 2 * (groups_ - forward - 1) + 1;                             // -offset
    }
  }
  return 0;
}

}  // namespace net
