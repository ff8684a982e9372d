// SPDX-License-Identifier: Apache-2.0
// The [dragonfly] section: its keys, declared by the topology itself, and their reader. The
// constraints between keys (g <= a*h + 1, the router radix) are checked by the constructor,
// which names the key (dragonfly.cpp).
#include <limits>
#include <string>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/topology/dragonfly.hpp"

namespace net {

namespace {

constexpr const char* kSection = "dragonfly";

void declare_dragonfly_section(io::Schema& s) {
  const DragonflyParams d;
  s.describe_section(kSection,
                     "Dragonfly topology (network.topology = \"dragonfly\"; "
                     "docs/dragonfly.md)");
  s.section_active_when(kSection, "network.topology", "dragonfly");
  s.add_int("dragonfly.p", d.p).range(1, 255).unit("nodes").describe("Terminals per router");
  s.add_int("dragonfly.a", d.a).range(1, 255).unit("routers").describe("Routers per group");
  s.add_int("dragonfly.h", d.h).range(1, 255).describe("Global links per router");
  s.add_int("dragonfly.g", 0)
      .optional()
      .range(2, std::numeric_limits<std::uint32_t>::max())
      .unit("groups")
      .describe("Groups, 2 .. a*h + 1 (not given: a*h + 1, one global link per pair of groups)");
  s.add_choice("dragonfly.arrangement", "absolute", global_arrangement_names())
      .describe(
          "Global link arrangement: absolute (other groups in id order), relative "
          "(offsets +1, +2, ...), circulant (offsets in +/- pairs)");
  s.add_int("dragonfly.local_latency", 0)
      .optional()
      .range(1, 65535)
      .unit("cycles")
      .describe("Latency of links within a group (not given: router.link_latency)");
  s.add_int("dragonfly.global_latency", 0)
      .optional()
      .range(1, 65535)
      .unit("cycles")
      .describe("Latency of links between groups (not given: router.link_latency)");
}

std::uint32_t u32(const io::Config& c, const char* key) {
  return static_cast<std::uint32_t>(c.get_int(key));
}

DragonflyParams read_dragonfly_section(const io::Config& c) {
  DragonflyParams d;
  d.p = u32(c, "dragonfly.p");
  d.a = u32(c, "dragonfly.a");
  d.h = u32(c, "dragonfly.h");
  if (c.is_set("dragonfly.g")) d.g = static_cast<std::uint64_t>(c.get_int("dragonfly.g"));
  d.arrangement = parse_global_arrangement(c.get_string("dragonfly.arrangement"));
  if (c.is_set("dragonfly.local_latency")) d.local_latency = u32(c, "dragonfly.local_latency");
  if (c.is_set("dragonfly.global_latency")) d.global_latency = u32(c, "dragonfly.global_latency");
  return d;
}

}  // namespace

io::PartConfig Dragonfly::config() {
  return {kSection, declare_dragonfly_section,
          [](const io::Config& c) -> std::any { return read_dragonfly_section(c); }};
}

}  // namespace net
