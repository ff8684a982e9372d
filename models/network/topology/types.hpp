// SPDX-License-Identifier: Apache-2.0
//
// Vocabulary of the topology layer: router, node and port identifiers, and what sits at the other
// end of a port.
//
// - RouterId: dense id of a router (a switch), 0 .. num_routers()-1.
// - NodeId: dense id of a compute node (a terminal), 0 .. num_nodes()-1.
// - PortId: index of a port on one router, 0 .. num_ports(router)-1. Each topology documents its
//   port numbering (docs/topologies.md).
//
// Ids are plain integers, not LP ids: the model layer maps routers and nodes to pdes::LpId.
#pragma once

#include <compare>
#include <cstdint>

namespace net {

using RouterId = std::uint64_t;
using NodeId = std::uint64_t;
using PortId = std::uint32_t;

/// One end of a link: a router and one of its ports.
struct RouterPort {
  RouterId router = 0;
  PortId port = 0;
  auto operator<=>(const RouterPort&) const = default;
};

/// What a port is wired to.
enum class PortKind : std::uint8_t {
  kNetwork,      ///< a link to a port of another router (Topology::neighbour)
  kTerminal,     ///< a link to a compute node (Topology::node_at)
  kUnconnected,  ///< nothing: a mesh boundary port; never routed to
};

}  // namespace net
