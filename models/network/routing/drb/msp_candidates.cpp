// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp_candidates.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "models/network/routing/packet_hash.hpp"
#include "pdes/error.hpp"

namespace net::drb {

MspCandidates::MspCandidates(const Topology& topology, const DrbParams& params)
    : topology_(topology),
      distinct_paths_(params.distinct_paths),
      tie_(params.candidate_tie),
      source_(topology, params.source_supernode(), "drb.source_size"),
      destination_(topology, params.destination_supernode(), "drb.destination_size") {
  if (const auto* tree = dynamic_cast<const FatTree*>(&topology)) nca_.emplace(*tree);
  if (const auto* d = dynamic_cast<const Dragonfly*>(&topology)) dragonfly_.emplace(*d);
}

std::vector<Msp> MspCandidates::between_nodes(NodeId source, NodeId destination,
                                              std::uint32_t limit) const {
  if (nca_) return nca_->generate(source, destination, limit);
  if (dragonfly_) return dragonfly_->generate(source, destination, limit);
  return generate(topology_.router_of_node(source), topology_.router_of_node(destination), limit);
}

std::vector<Msp> MspCandidates::generate(RouterId source, RouterId destination,
                                         std::uint32_t limit) const {
  PDES_CHECK(limit >= 1, "MspCandidates::generate: limit must be >= 1");
  const Msp canonical = canonical_msp(topology_, source, destination);
  std::vector<Msp> out{canonical};
  if (source == destination || limit == 1) return out;

  const std::vector<RouterId> xs = source_.members(source);
  const std::vector<RouterId> ys = destination_.members(destination);
  std::vector<std::uint32_t> to_y(ys.size());
  for (std::size_t j = 0; j < ys.size(); ++j) to_y[j] = topology_.distance(ys[j], destination);
  std::vector<Msp> pairs;
  pairs.reserve(xs.size() * ys.size());
  for (const RouterId x : xs) {
    const std::uint32_t from_s = topology_.distance(source, x);
    for (std::size_t j = 0; j < ys.size(); ++j) {
      const RouterId y = ys[j];
      if (x == source && y == destination) continue;  // the canonical MSP, already first
      pairs.push_back({static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y),
                       from_s + topology_.distance(x, y) + to_y[j]});
    }
  }
  // The tie key: 0 orders equal lengths by (X, Y) alone; a hash of the whole MSP and its pair
  // spreads them, and (X, Y) still breaks hash collisions, so the order stays total.
  const auto tie_key = [&](const Msp& m) -> std::uint64_t {
    if (tie_ == CandidateTie::kRouterId) return 0;
    return packet_hash(static_cast<std::uint32_t>(source), m.x,
                       (std::uint64_t{static_cast<std::uint32_t>(destination)} << 32) | m.y,
                       0xD4B0C0FFEEULL);
  };
  const auto shorter = [&](const Msp& a, const Msp& b) {
    return std::make_tuple(a.length, tie_key(a), a.x, a.y) <
           std::make_tuple(b.length, tie_key(b), b.x, b.y);
  };
  if (!distinct_paths_) {
    const std::size_t n = std::min<std::size_t>(limit - 1, pairs.size());
    std::partial_sort(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(n), pairs.end(),
                      shorter);
    out.insert(out.end(), pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(n));
    return out;
  }
  // (length, key, x, y) is a total order on distinct pairs, so the plain sort is deterministic.
  std::sort(pairs.begin(), pairs.end(), shorter);
  std::set<std::vector<RouterId>> seen{msp_routers(topology_, source, canonical, destination)};
  for (const Msp& m : pairs) {
    if (out.size() == limit) break;
    if (seen.insert(msp_routers(topology_, source, m, destination)).second) out.push_back(m);
  }
  return out;
}

}  // namespace net::drb
