// SPDX-License-Identifier: Apache-2.0
//
// Torus: a k-ary n-cube with wrap-around links (radix may differ per dimension).
//
// Definition (Dally & Towles, "Principles and Practices of Interconnection Networks", 2004,
// ch. 5; Dally & Seitz 1987 for datelines): routers at coordinates 0 <= c_i < k_i; router c is
// linked along dimension d to c_d + 1 mod k_d and c_d - 1 mod k_d.
//
// Numbering (same as Mesh and BookSim2 kncube.cpp):
// - router id = sum_i c_i * k_0 * ... * k_{i-1} (dimension 0 fastest; CartesianShape);
// - port 2d goes to c_d + 1 mod k_d ("+d", BookSim's "right"), port 2d+1 to c_d - 1 mod k_d
//   ("-d", "left"); ports 2n .. 2n+c-1 are terminal ports;
// - node id = router id * concentration + local index.
//
// Distance: with delta_d = (b_d - a_d) mod k_d, distance = sum_d min(delta_d, k_d - delta_d);
// diameter = sum_d floor(k_d / 2).
//
// Direction ties: when delta_d == k_d / 2 (k_d even) both directions are minimal, and
// minimal_ports lists both ports (+d first). The choice is the routing algorithm's: BookSim2's
// dim_order_torus picks one at random per packet when it enters the dimension; a deterministic
// router should pick +d. Whatever it picks, it must keep the direction within the dimension.
//
// Wrap links and datelines: crosses_wrap(router, port) is true for the hop from coordinate k-1
// to 0 on a +d port and from 0 to k-1 on a -d port; dateline VC schemes switch VC class there.
//
// k = 2: the +d and -d ports of a router lead to the same neighbour over two distinct (parallel)
// links: port 2d of c=0 is wired to port 2d+1 of c=1 and port 2d+1 of c=0 to port 2d of c=1, so
// neighbour() stays an involution. Both links are minimal (a tie), and a 2-ary n-cube torus has
// twice the channels of the binary hypercube; use topology "hypercube" for the single-link cube.
//
// Limitations: 1 to 16 dimensions, each k_d >= 2, at most 2^32 routers and nodes.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/network/topology/cartesian_shape.hpp"
#include "models/network/topology/direct_topology.hpp"
#include "models/network/topology/network_size_keys.hpp"

namespace net {

class Torus final : public DirectTopology {
 public:
  static constexpr std::string_view kName = "torus";

  /// Throws pdes::ConfigError naming network.dims or network.concentration on bad values.
  explicit Torus(std::vector<std::uint32_t> dims, std::uint32_t concentration = 1);

  /// Factory for TopologyRegistry: uses network.dims (required) and network.concentration.
  /// From the [network] size keys (a NetworkSizeKeys in `options`; topology_registry.hpp).
  static std::unique_ptr<Topology> create(const std::any& options);

  std::string_view name() const override { return kName; }
  std::string summary() const override;
  std::optional<RouterPort> neighbour(RouterId router, PortId port) const override;
  std::uint32_t distance(RouterId a, RouterId b) const override;
  std::uint32_t diameter() const override;
  PortList minimal_ports(RouterId current, RouterId destination) const override;
  PortId first_minimal_port(RouterId current, RouterId destination) const override;
  std::vector<std::uint32_t> radices() const override;
  std::optional<std::uint32_t> port_dimension(RouterId /*router*/, PortId port) const override {
    if (port >= num_network_ports()) return std::nullopt;
    return port / 2;
  }

  /// True if leaving `router` through network port `port` uses a wrap-around link.
  bool crosses_wrap(RouterId router, PortId port) const;

  const CartesianShape& shape() const { return shape_; }

 private:
  CartesianShape shape_;
};

}  // namespace net
