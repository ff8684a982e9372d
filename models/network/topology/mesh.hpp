// SPDX-License-Identifier: Apache-2.0
//
// Mesh: an n-dimensional mesh (k_0 x k_1 x ... array of routers without wrap-around links).
//
// Definition (Dally & Towles, "Principles and Practices of Interconnection Networks", 2004,
// ch. 5): routers at integer coordinates 0 <= c_i < k_i; two routers are linked iff their
// coordinates differ by exactly 1 in one dimension.
//
// Numbering:
// - router id = sum_i c_i * k_0 * ... * k_{i-1} (dimension 0 fastest; CartesianShape);
// - port 2d goes to coordinate c_d + 1 ("+d"), port 2d+1 to c_d - 1 ("-d"); on the boundary the
//   port is kUnconnected; ports 2n .. 2n+c-1 are terminal ports (BookSim2 kncube.cpp order);
// - node id = router id * concentration + local index (DirectTopology).
//
// distance = sum_i |a_i - b_i|; diameter = sum_i (k_i - 1). minimal_ports lists, for every
// dimension where the coordinates differ, the one port that moves towards the destination.
//
// Limitations: 1 to 16 dimensions, each k_i >= 2, at most 2^32 routers and nodes. A 2D or 3D
// mesh is the usual use; n-D works the same.
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

class Mesh final : public DirectTopology {
 public:
  static constexpr std::string_view kName = "mesh";

  /// Throws pdes::ConfigError naming network.dims or network.concentration on bad values.
  explicit Mesh(std::vector<std::uint32_t> dims, std::uint32_t concentration = 1);

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

  const CartesianShape& shape() const { return shape_; }

 private:
  CartesianShape shape_;
};

}  // namespace net
