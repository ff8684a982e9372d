// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/dragonfly.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "io/config/configurable_registry.hpp"
#include "models/network/topology/network_size_keys.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

constexpr std::uint64_t kMaxRadix = 255;  // ports of a router (network_build.cpp checks too)

std::uint64_t checked_groups(const DragonflyParams& params) {
  const std::uint64_t largest = std::uint64_t{params.a} * params.h + 1;
  const std::uint64_t g = params.g.value_or(largest);
  if (g < 2 || g > largest) {
    throw pdes::ConfigError(
        "dragonfly.g", "g = " + std::to_string(g) + " groups: must lie in [2, a*h + 1 = " +
                           std::to_string(largest) + "] (a = " + std::to_string(params.a) +
                           ", h = " + std::to_string(params.h) +
                           "); a group has only a*h global links, one per other group at most");
  }
  return g;
}

void check_params(const DragonflyParams& params) {
  const std::pair<const char*, std::uint32_t> sizes[] = {
      {"dragonfly.p", params.p}, {"dragonfly.a", params.a}, {"dragonfly.h", params.h}};
  for (const auto& [key, value] : sizes) {
    if (value == 0) throw pdes::ConfigError(key, "must be >= 1, got 0");
  }
  const std::uint64_t radix = std::uint64_t{params.p} + params.a - 1 + params.h;
  if (radix > kMaxRadix) {
    throw pdes::ConfigError(
        "dragonfly.a", "router radix p + (a - 1) + h = " + std::to_string(radix) + " exceeds " +
                           std::to_string(kMaxRadix) + " ports");
  }
  const std::pair<const char*, std::optional<std::uint32_t>> latencies[] = {
      {"dragonfly.local_latency", params.local_latency},
      {"dragonfly.global_latency", params.global_latency}};
  for (const auto& [key, value] : latencies) {
    if (value && (*value == 0 || *value > 0xFFFF)) {
      throw pdes::ConfigError(key, "must lie in [1, 65535] cycles, got " + std::to_string(*value));
    }
  }
}

}  // namespace

Dragonfly::Dragonfly(const DragonflyParams& params)
    : params_((check_params(params), params)),
      p_(params.p),
      a_(params.a),
      h_(params.h),
      groups_(checked_groups(params)),
      links_per_group_(std::uint64_t{params.a} * params.h),
      arrangement_(params.arrangement, groups_) {
  if (groups_ * a_ * p_ > kMaxTopologySize) {
    throw pdes::ConfigError(
        "dragonfly.g", std::to_string(groups_ * a_ * p_) + " nodes: at most 2^32 are supported");
  }
  params_.g = groups_;
  diameter_ = compute_diameter();
}

std::unique_ptr<Topology> Dragonfly::create(const std::any& options) {
  return std::make_unique<Dragonfly>(io::options_or_default<DragonflyParams>(options));
}

std::string Dragonfly::summary() const {
  return "dragonfly p=" + std::to_string(p_) + " a=" + std::to_string(a_) +
         " h=" + std::to_string(h_) + " g=" + std::to_string(groups_) + ", " +
         std::string(to_string(arrangement_.kind())) + " arrangement (" +
         std::to_string(num_routers()) + " routers, " + std::to_string(num_nodes()) + " nodes)";
}

PortKind Dragonfly::port_kind(RouterId router, PortId port) const {
  check_port(router, port);
  if (port < p_) return PortKind::kTerminal;
  if (is_local_port(port)) return PortKind::kNetwork;
  const std::uint64_t link =
      std::uint64_t{index_in_group(router)} * h_ + (port - first_global_port());
  return global_peer(group_of(router), link) ? PortKind::kNetwork : PortKind::kUnconnected;
}

std::optional<Dragonfly::GlobalEnd> Dragonfly::global_peer(std::uint64_t group,
                                                           std::uint64_t link) const {
  const std::uint64_t slots = arrangement_.slots();
  const std::uint64_t slot = link % slots;
  const std::uint64_t target = arrangement_.target(group, slot);
  const std::uint64_t back = (link / slots) * slots + arrangement_.slot_of(target, group);
  if (back >= links_per_group_) return std::nullopt;  // partner outside the last, partial round
  return GlobalEnd{target, back};
}

PortId Dragonfly::local_port_to(RouterId router, RouterId other) const {
  const std::uint32_t i = index_in_group(router);
  const std::uint32_t j = index_in_group(other);
  PDES_CHECK(group_of(router) == group_of(other) && i != j, "local port to a router outside");
  return p_ + (j < i ? j : j - 1);
}

std::optional<RouterPort> Dragonfly::neighbour(RouterId router, PortId port) const {
  check_port(router, port);
  if (port < p_) return std::nullopt;
  const std::uint64_t group = group_of(router);
  if (is_local_port(port)) {
    const std::uint32_t i = index_in_group(router);
    const std::uint32_t j = port - p_ < i ? port - p_ : port - p_ + 1;
    const RouterId other = group * a_ + j;
    return RouterPort{other, local_port_to(other, router)};
  }
  const std::uint64_t link =
      std::uint64_t{index_in_group(router)} * h_ + (port - first_global_port());
  const auto end = global_peer(group, link);
  if (!end) return std::nullopt;
  return RouterPort{router_of_link(end->group, end->link),
                    static_cast<PortId>(first_global_port() + end->link % h_)};
}

std::optional<NodeId> Dragonfly::node_at(RouterId router, PortId port) const {
  check_port(router, port);
  if (port >= p_) return std::nullopt;
  return router * p_ + port;
}

RouterPort Dragonfly::attachment(NodeId node) const {
  check_node(node);
  return RouterPort{node / p_, static_cast<PortId>(node % p_)};
}

template <class F>
void Dragonfly::for_each_link_between(std::uint64_t from, std::uint64_t to, F&& f) const {
  const std::uint64_t slots = arrangement_.slots();
  const std::uint64_t out = arrangement_.slot_of(from, to);
  const std::uint64_t back = arrangement_.slot_of(to, from);
  for (std::uint64_t round = 0; round * slots + out < links_per_group_; ++round) {
    const std::uint64_t far = round * slots + back;
    if (far < links_per_group_) f(round * slots + out, far);
  }
}

std::uint32_t Dragonfly::minimal_route_hops(RouterId current, RouterId destination) const {
  check_router(current);
  check_router(destination);
  if (current == destination) return 0;
  const std::uint64_t from = group_of(current);
  const std::uint64_t to = group_of(destination);
  if (from == to) return 1;
  std::uint32_t best = 3;
  for_each_link_between(from, to, [&](std::uint64_t out, std::uint64_t in) {
    const std::uint32_t hops = (router_of_link(from, out) != current ? 1u : 0u) + 1u +
                               (router_of_link(to, in) != destination ? 1u : 0u);
    best = std::min(best, hops);
  });
  return best;
}

PortList Dragonfly::minimal_route_ports(RouterId current, RouterId destination) const {
  PortList result;
  const std::uint32_t best = minimal_route_hops(current, destination);
  if (best == 0) return result;
  const std::uint64_t from = group_of(current);
  const std::uint64_t to = group_of(destination);
  if (from == to) {
    result.push_back(local_port_to(current, destination));
    return result;
  }
  // Source links ascend, so the routers holding them do too: local ports come out ascending
  // (parallel links from one router repeat its port: skipped), and all below the global ports.
  PortList globals;
  for_each_link_between(from, to, [&](std::uint64_t out, std::uint64_t in) {
    const RouterId x = router_of_link(from, out);
    const std::uint32_t hops =
        (x != current ? 1u : 0u) + 1u + (router_of_link(to, in) != destination ? 1u : 0u);
    if (hops != best) return;
    if (x == current) {
      globals.push_back(static_cast<PortId>(first_global_port() + out % h_));
    } else {
      const PortId port = local_port_to(current, x);
      if (result.empty() || result[result.size() - 1] != port) result.push_back(port);
    }
  });
  for (PortId port : globals) result.push_back(port);
  return result;
}

PortList Dragonfly::route_ports_to_group(RouterId current, std::uint64_t group) const {
  check_router(current);
  const std::uint64_t from = group_of(current);
  PDES_CHECK(group < groups_ && group != from, "route_ports_to_group: not another group");
  PortList locals;
  PortList globals;
  for_each_link_between(from, group, [&](std::uint64_t out, std::uint64_t /*in*/) {
    const RouterId x = router_of_link(from, out);
    if (x == current) {
      globals.push_back(static_cast<PortId>(first_global_port() + out % h_));
    } else {
      const PortId port = local_port_to(current, x);
      if (locals.empty() || locals[locals.size() - 1] != port) locals.push_back(port);
    }
  });
  return globals.empty() ? locals : globals;
}

bool Dragonfly::two_hops_between_groups(RouterId a, RouterId b) const {
  // a -> a router y of a third group over a global link, y -> b over another. Global links are
  // symmetric, so y is the far end both of a global link of a and of one of b: 2h link look-ups
  // and at most h^2 comparisons, where walking y's links took h + h^2 look-ups (each a few
  // divisions). This runs for most pairs of routers, for the LP weights of the partition
  // (8 sources x every node) and for each delivered packet's stretch; at h = 24 the old walk
  // took most of a million-terminal dragonfly's set-up (docs/performance.md).
  const std::uint64_t group_a = group_of(a);
  const std::uint64_t group_b = group_of(b);
  std::array<RouterId, 256> far_a;  // h <= 255: the radix fits a byte
  std::uint32_t n = 0;
  for (std::uint32_t k = 0; k < h_; ++k) {
    const auto peer = global_peer(group_a, std::uint64_t{index_in_group(a)} * h_ + k);
    if (peer && peer->group != group_b) far_a[n++] = router_of_link(peer->group, peer->link);
  }
  if (n == 0) return false;
  for (std::uint32_t k = 0; k < h_; ++k) {
    const auto peer = global_peer(group_b, std::uint64_t{index_in_group(b)} * h_ + k);
    if (!peer || peer->group == group_a) continue;
    const RouterId y = router_of_link(peer->group, peer->link);
    for (std::uint32_t i = 0; i < n; ++i) {
      if (far_a[i] == y) return true;
    }
  }
  return false;
}

std::uint32_t Dragonfly::distance(RouterId a, RouterId b) const {
  const std::uint32_t minimal = minimal_route_hops(a, b);
  if (minimal == 3 && two_hops_between_groups(a, b)) return 2;
  return minimal;
}

std::uint32_t Dragonfly::compute_diameter() const {
  // Every pair is within 3 hops (local-global-local). A router reaches at most 1 + k + k(k-1)
  // routers within 2 hops (k = a - 1 + h network ports), so when that is fewer than all of
  // them some pair is exactly 3 apart. Otherwise the network is small: measure. Relative and
  // circulant arrangements are invariant under G -> G + 1, so sources in group 0 suffice.
  const std::uint64_t k = std::uint64_t{a_} - 1 + h_;
  if (1 + k * k < num_routers()) return 3;
  const bool rotation_symmetric = arrangement_.kind() != GlobalArrangement::kAbsolute;
  const RouterId sources = rotation_symmetric ? a_ : num_routers();
  std::uint32_t result = 0;
  for (RouterId s = 0; s < sources && result < 3; ++s) {
    for (RouterId d = 0; d < num_routers(); ++d) result = std::max(result, distance(s, d));
  }
  return result;
}

std::optional<std::uint32_t> Dragonfly::link_latency(RouterId router, PortId port) const {
  check_port(router, port);
  if (is_local_port(port)) return params_.local_latency;
  if (is_global_port(port)) return params_.global_latency;
  return std::nullopt;
}

std::optional<std::uint32_t> Dragonfly::min_link_latency() const {
  std::optional<std::uint32_t> result = params_.global_latency;
  if (a_ >= 2 && params_.local_latency) {
    result = std::min(result.value_or(*params_.local_latency), *params_.local_latency);
  }
  return result;
}

}  // namespace net
