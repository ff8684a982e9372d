// SPDX-License-Identifier: Apache-2.0
//
// Dragonfly: groups of fully connected routers, the groups joined by global links (Kim, Dally,
// Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly Topology", ISCA 2008, §3). The
// topology of Cray XC (Aries) and HPE Slingshot; docs/dragonfly.md draws it.
//
// Parameters ([dragonfly] section, dragonfly_config.cpp): p terminals per router, a routers per
// group, h global links per router, g groups (default a·h + 1, the largest: every pair of groups
// joined by exactly one global link; at least 2), the global link arrangement
// (dragonfly_arrangement.hpp), and the latencies of local and global links. The balanced
// dragonfly of Kim et al. (§3) has a = 2p = 2h.
//
// Numbering:
// - router r = G·a + i is router i (0 .. a-1) of group G (0 .. g-1);
// - node n = r·p + t hangs on router r, terminal port t (0 .. p-1); so group G holds the
//   routers G·a .. G·a + a-1 and the nodes G·a·p .. (G+1)·a·p - 1;
// - ports of every router: 0 .. p-1 terminals; p .. p+a-2 local links, port p + j leading to
//   router j of the group if j < i, else to router j + 1; p+a-1 .. p+a+h-2 global links,
//   port p+a-1+k carrying the group's global link c = i·h + k (arrangement: where c leads).
//
// Distances: distance() is the hop count of a shortest router path, as for every topology; in a
// dragonfly it may cross two global links (s -> a router of a third group -> d, 2 hops) where the
// local-global-local path takes 3. The dragonfly routings never take such paths (they cross at
// most one global link when minimal, Kim et al. §4.1); they ask minimal_route_ports() and
// route_ports_to_group() instead, whose paths are local-global-local, at most 3 hops.
//
// Link latencies: local and global links may each have their own (Topology::link_latency);
// unset, a link takes router.link_latency like the terminal links.
//
// Limitations: router radix p + a - 1 + h <= 255 and at most 2^32 nodes (checked, naming a key).
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/config/part_config.hpp"
#include "models/network/topology/dragonfly_arrangement.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

/// The [dragonfly] keys (dragonfly_config.cpp reads them).
struct DragonflyParams {
  std::uint32_t p = 2;             ///< terminals per router
  std::uint32_t a = 4;             ///< routers per group
  std::uint32_t h = 2;             ///< global links per router
  std::optional<std::uint64_t> g;  ///< groups; not set: a·h + 1
  GlobalArrangement arrangement = GlobalArrangement::kAbsolute;
  std::optional<std::uint32_t> local_latency;   ///< cycles; not set: router.link_latency
  std::optional<std::uint32_t> global_latency;  ///< cycles; not set: router.link_latency
};

class Dragonfly final : public Topology {
 public:
  static constexpr std::string_view kName = "dragonfly";

  /// Throws pdes::ConfigError naming the [dragonfly] key of a bad or inconsistent value.
  explicit Dragonfly(const DragonflyParams& params);

  /// Factory for TopologyRegistry (a DragonflyParams in `options`; defaults without).
  static std::unique_ptr<Topology> create(const std::any& options);
  /// The [dragonfly] section's declaration and reader (dragonfly_config.cpp).
  static io::PartConfig config();

  std::string_view name() const override { return kName; }
  std::string summary() const override;
  std::uint64_t num_routers() const override { return groups_ * a_; }
  std::uint64_t num_nodes() const override { return num_routers() * p_; }
  PortId num_ports(RouterId /*router*/) const override { return radix(); }
  PortId max_ports() const override { return radix(); }
  PortKind port_kind(RouterId router, PortId port) const override;
  std::optional<RouterPort> neighbour(RouterId router, PortId port) const override;
  std::optional<NodeId> node_at(RouterId router, PortId port) const override;
  RouterPort attachment(NodeId node) const override;
  std::uint32_t distance(RouterId a, RouterId b) const override;
  std::uint32_t diameter() const override { return diameter_; }
  std::uint32_t concentration() const override { return p_; }
  std::optional<std::uint32_t> link_latency(RouterId router, PortId port) const override;
  std::optional<std::uint32_t> min_link_latency() const override;
  std::optional<Groups> groups() const override { return Groups{groups_, a_}; }

  const DragonflyParams& params() const { return params_; }
  std::uint32_t routers_per_group() const { return a_; }
  std::uint32_t global_links_per_router() const { return h_; }
  std::uint64_t num_groups() const { return groups_; }
  const DragonflyArrangement& arrangement() const { return arrangement_; }

  std::uint64_t group_of(RouterId router) const { return router / a_; }
  std::uint32_t index_in_group(RouterId router) const {
    return static_cast<std::uint32_t>(router % a_);
  }
  std::uint64_t group_of_node(NodeId node) const { return group_of(node / p_); }
  bool is_local_port(PortId port) const { return port >= p_ && port < first_global_port(); }
  bool is_global_port(PortId port) const { return port >= first_global_port() && port < radix(); }
  PortId first_global_port() const { return p_ + a_ - 1; }
  /// The local port of `router` that leads to router `other` of the same group (!= router).
  PortId local_port_to(RouterId router, RouterId other) const;

  /// The far end of global link `link` (< a·h) of `group`: (group, link) there; nullopt for a
  /// link left unconnected (fewer than a·h + 1 groups, dragonfly_arrangement.hpp).
  struct GlobalEnd {
    std::uint64_t group;
    std::uint64_t link;
  };
  std::optional<GlobalEnd> global_peer(std::uint64_t group, std::uint64_t link) const;

  /// First hops of the local-global-local paths of fewest hops from `current` to router
  /// `destination` (ascending; empty iff current == destination). At most one global link.
  PortList minimal_route_ports(RouterId current, RouterId destination) const;
  /// Hops of those paths (1, 2 or 3 between groups).
  std::uint32_t minimal_route_hops(RouterId current, RouterId destination) const;
  /// First hops of the fewest-hop paths from `current` into group `group` (!= its own): its
  /// global ports to `group` if it has any, else the local ports to routers that have.
  PortList route_ports_to_group(RouterId current, std::uint64_t group) const;

 private:
  PortId radix() const { return p_ + a_ - 1 + h_; }
  RouterId router_of_link(std::uint64_t group, std::uint64_t link) const {
    return group * a_ + link / h_;
  }
  /// Calls f(source link, target link) for every global link from group `from` to `to`, in
  /// increasing source link order.
  template <class F>
  void for_each_link_between(std::uint64_t from, std::uint64_t to, F&& f) const;
  bool two_hops_between_groups(RouterId a, RouterId b) const;
  std::uint32_t compute_diameter() const;

  DragonflyParams params_;
  std::uint32_t p_, a_, h_;
  std::uint64_t groups_;
  std::uint64_t links_per_group_;  // a·h
  DragonflyArrangement arrangement_;
  std::uint32_t diameter_ = 0;
};

}  // namespace net
