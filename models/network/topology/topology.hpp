// SPDX-License-Identifier: Apache-2.0
//
// Topology: the immutable wiring of an interconnection network.
//
// A topology is a graph of routers joined by bidirectional links, with compute nodes (terminals)
// attached to router ports. It answers structural questions only: how many routers, nodes and
// ports there are, what is at the other end of a port, the hop distance between two routers, and
// which output ports lie on a minimal path. It holds no simulation state and draws no random
// numbers: routing algorithms (one class each, later) choose among the ports it reports.
//
// Who calls it: the model builder creates one Topology per run through TopologyRegistry and shares
// it, const, with every router and node LP, routing algorithm and traffic pattern. Every method is
// const, pure and safe to call from any handler.
//
//   std::unique_ptr<Topology> topo = registry.create("torus", params);
//   RouterPort at = topo->attachment(node);             // router and terminal port of a node
//   PortList next = topo->minimal_ports(at.router, topo->router_of_node(dest));
//
// Contracts that hold for every topology (tests/models/network/topology/topology_checks.hpp
// verifies them):
// - Links are symmetric: if neighbour(r, p) == {s, q} then neighbour(s, q) == {r, p}.
// - distance(a, b) is the hop count of a shortest router path (equal to a BFS on neighbour()).
// - Every port in minimal_ports(cur, dst) is a network port whose neighbour is exactly one hop
//   closer to dst, and every such port is listed. The list is empty iff cur == dst.
// - attachment(node) names a terminal port, and node_at() of that port gives the node back.
//
// Calling with a router, node or port id out of range is a programming error: PDES_CHECK throws
// pdes::InvariantError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/network/topology/port_list.hpp"
#include "models/network/topology/types.hpp"

namespace net {

class Topology {
 public:
  virtual ~Topology() = default;

  /// Registry name of the topology family ("mesh", "torus", "hypercube", "fat_tree").
  virtual std::string_view name() const = 0;

  /// One line for logs and output attributes, e.g. "torus 8x8, concentration 1 (64 routers,
  /// 64 nodes)".
  virtual std::string summary() const = 0;

  virtual std::uint64_t num_routers() const = 0;
  virtual std::uint64_t num_nodes() const = 0;

  /// Number of ports of `router` (network, terminal and unconnected ports together).
  virtual PortId num_ports(RouterId router) const = 0;

  /// The largest num_ports() over all routers: size per-router port arrays with it.
  virtual PortId max_ports() const = 0;

  virtual PortKind port_kind(RouterId router, PortId port) const = 0;

  /// The router port at the other end of a network port; nullopt for terminal and unconnected
  /// ports.
  virtual std::optional<RouterPort> neighbour(RouterId router, PortId port) const = 0;

  /// The node on a terminal port; nullopt for network and unconnected ports.
  virtual std::optional<NodeId> node_at(RouterId router, PortId port) const = 0;

  /// The router a node is attached to, and the terminal port it uses there.
  virtual RouterPort attachment(NodeId node) const = 0;

  /// Minimal number of router-to-router hops from a to b (closed form, no search).
  virtual std::uint32_t distance(RouterId a, RouterId b) const = 0;

  /// The largest distance() over all router pairs (closed form).
  virtual std::uint32_t diameter() const = 0;

  /// All network ports of `current` that lead one hop closer to `destination`, ascending. The
  /// default implementation tests every port with distance(); topologies override it with a
  /// closed form.
  virtual PortList minimal_ports(RouterId current, RouterId destination) const;

  /// minimal_ports(current, destination)[0] (current != destination): dimension order's port,
  /// asked for every head at every hop. Topologies override it with an early-exit closed form.
  virtual PortId first_minimal_port(RouterId current, RouterId destination) const {
    return minimal_ports(current, destination)[0];
  }

  /// Nodes per router in a direct network; terminals per leaf switch in a fat tree.
  virtual std::uint32_t concentration() const = 0;

  /// Radix of each dimension when router ids are mixed-radix coordinates (mesh, torus:
  /// the dims; hypercube: n times 2), dimension 0 first; empty otherwise (fat tree). Digit
  /// patterns such as tornado need it.
  virtual std::vector<std::uint32_t> radices() const { return {}; }
  /// The dimension along which network port `port` of `router` moves (mesh, torus: port / 2;
  /// hypercube: port); nullopt for terminal ports and topologies without dimensions.
  virtual std::optional<std::uint32_t> port_dimension(RouterId /*router*/, PortId /*port*/) const {
    return std::nullopt;
  }

  /// Cycles of the link on network port `port` of `router` when the topology sets link
  /// latencies itself (a dragonfly's local and global links differ in length); nullopt: the
  /// link takes router.link_latency, like terminal links always do. Links are symmetric in
  /// latency too: both ends of a link answer the same.
  virtual std::optional<std::uint32_t> link_latency(RouterId /*router*/, PortId /*port*/) const {
    return std::nullopt;
  }
  /// The least link_latency() over all network ports, nullopt if the topology sets none (the
  /// kernel's lookahead must not exceed the shortest link).
  virtual std::optional<std::uint32_t> min_link_latency() const { return std::nullopt; }

  /// Group structure of hierarchical topologies (a dragonfly's groups): how many groups, and
  /// how many consecutive router ids (and so node ids) each holds; nullopt for flat topologies.
  /// Group traffic patterns (group_shift) need it.
  struct Groups {
    std::uint64_t count = 0;
    std::uint64_t routers_per_group = 0;
  };
  virtual std::optional<Groups> groups() const { return std::nullopt; }

  RouterId router_of_node(NodeId node) const { return attachment(node).router; }
  PortId terminal_port_of_node(NodeId node) const { return attachment(node).port; }

 protected:
  /// Checks that `router` and `port` are in range (PDES_CHECK).
  void check_port(RouterId router, PortId port) const;
  void check_router(RouterId router) const;
  void check_node(NodeId node) const;
};

}  // namespace net
