// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/graph_distance.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"

namespace net {

namespace {

// BFS from `source`, not expanding beyond `radius`; fills `dist` (sized num_routers, filled with
// kUnreachable by the caller) and returns the routers reached in BFS order.
std::vector<RouterId> bfs(const Topology& topology, RouterId source, std::uint32_t radius,
                          std::span<std::uint16_t> dist) {
  PDES_CHECK(source < topology.num_routers(), "BFS source out of range");
  std::vector<RouterId> order{source};
  dist[source] = 0;
  for (std::size_t head = 0; head < order.size(); ++head) {
    const RouterId r = order[head];
    const std::uint32_t next = dist[r] + 1u;
    if (next > radius) continue;
    if (next >= GraphDistance::kUnreachable) {
      throw pdes::ResourceError(
          "graph distance: a shortest path of 65535 hops or more does not "
          "fit GraphDistance's 16-bit distances");
    }
    const PortId ports = topology.num_ports(r);
    for (PortId p = 0; p < ports; ++p) {
      const std::optional<RouterPort> peer = topology.neighbour(r, p);
      if (peer && dist[peer->router] == GraphDistance::kUnreachable) {
        dist[peer->router] = static_cast<std::uint16_t>(next);
        order.push_back(peer->router);
      }
    }
  }
  return order;
}

constexpr std::uint32_t kNoRadius = 0xFFFFFFFF;

}  // namespace

std::vector<std::uint16_t> GraphDistance::from_source(const Topology& topology, RouterId source) {
  std::vector<std::uint16_t> dist(topology.num_routers(), kUnreachable);
  bfs(topology, source, kNoRadius, dist);
  return dist;
}

std::vector<RouterId> GraphDistance::within(const Topology& topology, RouterId centre,
                                            std::uint32_t radius) {
  std::vector<std::uint16_t> dist(topology.num_routers(), kUnreachable);
  std::vector<RouterId> result = bfs(topology, centre, radius, dist);
  std::sort(result.begin(), result.end());
  return result;
}

GraphDistance::GraphDistance(const Topology& topology, std::uint64_t max_routers)
    : num_routers_(topology.num_routers()) {
  if (num_routers_ > max_routers) {
    throw pdes::ResourceError(
        "graph distance: all-pairs table for " + std::to_string(num_routers_) +
        " routers exceeds the limit of " + std::to_string(max_routers) +
        " routers; use GraphDistance::from_source or within per centre instead");
  }
  matrix_.assign(num_routers_ * num_routers_, kUnreachable);
  for (RouterId s = 0; s < num_routers_; ++s) {
    bfs(topology, s, kNoRadius,
        std::span<std::uint16_t>(matrix_).subspan(s * num_routers_, num_routers_));
  }
}

std::uint16_t GraphDistance::distance(RouterId a, RouterId b) const {
  PDES_CHECK(a < num_routers_ && b < num_routers_, "router out of range");
  return matrix_[a * num_routers_ + b];
}

std::span<const std::uint16_t> GraphDistance::row(RouterId source) const {
  PDES_CHECK(source < num_routers_, "router out of range");
  return std::span<const std::uint16_t>(matrix_).subspan(source * num_routers_, num_routers_);
}

std::uint32_t GraphDistance::diameter() const {
  std::uint32_t result = 0;
  for (std::uint16_t d : matrix_) {
    if (d != kUnreachable) result = std::max<std::uint32_t>(result, d);
  }
  return result;
}

}  // namespace net
