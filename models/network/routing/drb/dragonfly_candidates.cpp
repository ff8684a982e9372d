// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/dragonfly_candidates.hpp"

#include <algorithm>
#include <tuple>

#include "models/network/routing/packet_hash.hpp"
#include "pdes/error.hpp"

namespace net::drb {

DragonflyCandidates::Landing DragonflyCandidates::landing(RouterId source,
                                                          std::uint64_t via) const {
  RouterId here = source;
  std::uint32_t hops = 0;
  while (dragonfly_.group_of(here) != via) {
    const PortId port = dragonfly_.route_ports_to_group(here, via)[0];
    here = dragonfly_.neighbour(here, port)->router;
    ++hops;
  }
  return {here, hops};
}

std::vector<Msp> DragonflyCandidates::generate(NodeId source, NodeId destination,
                                               std::uint32_t limit) const {
  PDES_CHECK(limit >= 1, "DragonflyCandidates::generate: limit must be >= 1");
  const RouterId s = dragonfly_.router_of_node(source);
  const RouterId d = dragonfly_.router_of_node(destination);
  std::vector<Msp> out{canonical_msp(dragonfly_, s, d)};
  const std::uint64_t gs = dragonfly_.group_of(s);
  const std::uint64_t gd = dragonfly_.group_of(d);
  if (gs == gd || limit == 1) return out;

  struct Keyed {
    std::uint32_t length;
    std::uint64_t key;
    std::uint64_t group;
    Msp msp;
  };
  std::vector<Keyed> all;
  all.reserve(dragonfly_.num_groups());
  for (std::uint64_t gi = 0; gi < dragonfly_.num_groups(); ++gi) {
    if (gi == gs || gi == gd) continue;
    const Landing x = landing(s, gi);
    const std::uint32_t length = x.hops + dragonfly_.minimal_route_hops(x.router, d);
    const std::uint64_t key = packet_hash(static_cast<std::uint32_t>(s),
                                          static_cast<std::uint32_t>(d), gi, 0xD7A6F1E5ULL);
    all.push_back(
        {length, key, gi,
         Msp{static_cast<std::uint32_t>(x.router), static_cast<std::uint32_t>(d), length}});
  }
  // (length, key, group) is a total order (groups are distinct): the sort is deterministic.
  std::sort(all.begin(), all.end(), [](const Keyed& a, const Keyed& b) {
    return std::tie(a.length, a.key, a.group) < std::tie(b.length, b.key, b.group);
  });
  for (const Keyed& k : all) {
    if (out.size() == limit) break;
    out.push_back(k.msp);
  }
  return out;
}

}  // namespace net::drb
