// SPDX-License-Identifier: Apache-2.0
//
// Hypercube: the binary n-cube Q_n (a 2-ary n-cube with one link per dimension).
//
// Definition (Tsai & Shin, ICDCS 1996, §2; Dally & Towles 2004, ch. 5):
// 2^n routers with n-bit addresses; two routers are linked iff their addresses differ in exactly
// one bit.
//
// Numbering:
// - router id = the n-bit address; bit d is the coordinate in dimension d;
// - port d (0 <= d < n) flips bit d and arrives on the neighbour's port d; ports n .. n+c-1 are
//   terminal ports;
// - node id = router id * concentration + local index.
//
// distance = popcount(a XOR b) (Hamming distance); diameter = n. minimal_ports lists the ports
// of the differing bits, ascending, so e-cube routing (lowest differing dimension first) takes
// the first one and PA routing tries them in the listed order.
//
// Limitations: 1 <= n <= 20 (at most 2^20 routers). Unlike Torus with k = 2, there is a single
// link per dimension.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/network/topology/direct_topology.hpp"
#include "models/network/topology/network_size_keys.hpp"

namespace net {

class Hypercube final : public DirectTopology {
 public:
  static constexpr std::string_view kName = "hypercube";
  static constexpr std::uint32_t kMaxDimension = 20;

  /// Throws pdes::ConfigError naming network.n or network.concentration on bad values.
  explicit Hypercube(std::uint32_t dimension, std::uint32_t concentration = 1);

  /// Factory for TopologyRegistry: uses network.n (required) and network.concentration.
  /// From the [network] size keys (a NetworkSizeKeys in `options`; topology_registry.hpp).
  static std::unique_ptr<Topology> create(const std::any& options);

  std::string_view name() const override { return kName; }
  std::string summary() const override;
  std::optional<RouterPort> neighbour(RouterId router, PortId port) const override;
  std::uint32_t distance(RouterId a, RouterId b) const override;
  std::uint32_t diameter() const override { return dimension_; }
  PortList minimal_ports(RouterId current, RouterId destination) const override;
  PortId first_minimal_port(RouterId current, RouterId destination) const override;
  std::vector<std::uint32_t> radices() const override;
  std::optional<std::uint32_t> port_dimension(RouterId /*router*/, PortId port) const override {
    if (port >= num_network_ports()) return std::nullopt;
    return port;
  }

  std::uint32_t dimension() const { return dimension_; }

 private:
  std::uint32_t dimension_;
};

}  // namespace net
