// SPDX-License-Identifier: Apache-2.0
//
// DirectTopology: the part shared by direct networks (mesh, torus, hypercube), where every router
// has the same number of network ports followed by `concentration` terminal ports.
//
// Numbering, common to all direct networks:
// - ports 0 .. P-1 are network ports (P = num_network_ports(); their meaning is the subclass's),
//   ports P .. P+c-1 are terminal ports (c = concentration);
// - node id = router id * c + local index, and node `router*c + i` sits on port P + i.
//
// Subclasses implement neighbour(), distance(), diameter() and minimal_ports().
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "models/network/topology/fast_divisor.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class DirectTopology : public Topology {
 public:
  std::uint64_t num_routers() const final { return num_routers_; }
  std::uint64_t num_nodes() const final { return num_routers_ * concentration_; }
  PortId num_ports(RouterId) const final { return network_ports_ + concentration_; }
  PortId max_ports() const final { return network_ports_ + concentration_; }
  PortKind port_kind(RouterId router, PortId port) const final;
  std::optional<NodeId> node_at(RouterId router, PortId port) const final;
  RouterPort attachment(NodeId node) const final;
  std::uint32_t concentration() const final { return concentration_; }

  /// Network ports per router; terminal ports start here.
  PortId num_network_ports() const { return network_ports_; }

 protected:
  /// Throws pdes::ConfigError (network.concentration) unless 1 <= concentration <= 1024 and the
  /// node count stays within kMaxTopologySize.
  DirectTopology(std::uint64_t num_routers, PortId network_ports, std::uint32_t concentration);

  /// Validates network.dims for a mesh or torus (1..16 dimensions, each radix >= 2, at most
  /// kMaxTopologySize routers) and returns the router count; throws pdes::ConfigError.
  static std::uint64_t grid_size(std::span<const std::uint32_t> dims, std::string_view topology);

 private:
  std::uint64_t num_routers_;
  PortId network_ports_;
  std::uint32_t concentration_;
  FastDivisor by_concentration_;
};

}  // namespace net
