// SPDX-License-Identifier: Apache-2.0
//
// DragonflyArrangement: which group each global link of a dragonfly leads to (the "global link
// arrangement"), for the three arrangements compared by Hastings et al., "Comparing global link
// arrangements for Dragonfly networks" (IEEE Cluster 2015, §II-B) and named again by Alzaid et
// al., "Global link arrangement for practical Dragonfly" (ICS 2020, §2). docs/dragonfly.md draws
// each one.
//
// Every group has a·h global links, numbered c = 0 .. a·h-1; link c sits on the group's router
// c / h (consecutive per router). An arrangement orders the g-1 other groups of group G into
// "slots" 0 .. g-2, and link c uses slot c mod (g-1), in round c / (g-1):
//
//   absolute:   slot j -> group j if j < G, else j + 1       (the other groups in id order)
//   relative:   slot j -> group (G + j + 1) mod g            (offsets +1, +2, ...; Camarero,
//               Vallejo and Beivide's "palm tree", "Topological characterization of Hamming
//               and dragonfly networks and its implications on routing", ACM TACO 2014, §3)
//   circulant:  slot 2i -> G + (i+1), slot 2i+1 -> G - (i+1) (mod g): offsets in +/- pairs,
//               so that the group graph is a circulant graph and the links of one router
//               point both ways around the ring of groups
//
// The far end of link c is link c' = round·(g-1) + reverse_slot(G, slot) of the target group:
// the slot there that points back at G. A link exists iff both c and c' are < a·h, so links
// pair up symmetrically (c'' = c). With the largest g = a·h+1 there is one round: every pair of
// groups is joined by exactly one global link and no port is left over. With fewer groups
// there are floor(a·h/(g-1)) full rounds (that many parallel links between every pair of
// groups); in the last, partial round a link is wired only if its partner slot is in it too,
// and the global ports left over are unconnected.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace net {

enum class GlobalArrangement : std::uint8_t { kAbsolute, kRelative, kCirculant };

/// The names of the arrangements, in the order of the enum ("absolute", "relative", "circulant").
std::vector<std::string> global_arrangement_names();
std::string_view to_string(GlobalArrangement arrangement);
/// Throws pdes::ConfigError("dragonfly.arrangement") naming the valid arrangements.
GlobalArrangement parse_global_arrangement(std::string_view name);

class DragonflyArrangement {
 public:
  /// `groups` >= 2.
  DragonflyArrangement(GlobalArrangement arrangement, std::uint64_t groups);

  GlobalArrangement kind() const { return kind_; }
  std::uint64_t groups() const { return groups_; }
  /// Slots per round: g - 1.
  std::uint64_t slots() const { return groups_ - 1; }

  /// The group that slot `slot` (< g-1) of group `group` leads to (never `group` itself).
  std::uint64_t target(std::uint64_t group, std::uint64_t slot) const;
  /// The slot of `group` that leads to `other` (!= group): target(group, slot_of(..)) == other.
  std::uint64_t slot_of(std::uint64_t group, std::uint64_t other) const;
  /// The slot of target(group, slot) that leads back to `group`.
  std::uint64_t reverse_slot(std::uint64_t group, std::uint64_t slot) const {
    return slot_of(target(group, slot), group);
  }

 private:
  GlobalArrangement kind_;
  std::uint64_t groups_;
};

}  // namespace net
