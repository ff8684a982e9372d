// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/direct_topology.hpp"

#include <string>

#include "models/network/topology/network_size_keys.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {
constexpr std::size_t kMaxGridDims = 16;  // 2 * 16 ports fit a PortList
}  // namespace

DirectTopology::DirectTopology(std::uint64_t num_routers, PortId network_ports,
                               std::uint32_t concentration)
    : num_routers_(num_routers),
      network_ports_(network_ports),
      concentration_(concentration),
      by_concentration_(concentration == 0 ? 1 : concentration) {  // 0 is rejected below
  if (concentration == 0 || concentration > kMaxConcentration) {
    throw pdes::ConfigError(std::string(kConcentrationKey),
                            "must be between 1 and " + std::to_string(kMaxConcentration) +
                                ", got " + std::to_string(concentration));
  }
  if (num_routers * concentration > kMaxTopologySize) {
    throw pdes::ConfigError(std::string(kConcentrationKey),
                            "the network would have " + std::to_string(num_routers) + " x " +
                                std::to_string(concentration) + " nodes; at most " +
                                std::to_string(kMaxTopologySize) + " are supported");
  }
}

std::uint64_t DirectTopology::grid_size(std::span<const std::uint32_t> dims,
                                        std::string_view topology) {
  const std::string key(kDimsKey);
  const std::string what = "a " + std::string(topology);
  if (dims.empty() || dims.size() > kMaxGridDims) {
    throw pdes::ConfigError(key, what + " needs 1 to " + std::to_string(kMaxGridDims) +
                                     " dimensions, got " + std::to_string(dims.size()));
  }
  std::uint64_t size = 1;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] < 2) {
      throw pdes::ConfigError(key, what + " needs every dimension >= 2, got " +
                                       std::to_string(dims[d]) + " in dimension " +
                                       std::to_string(d));
    }
    size *= dims[d];
    if (size > kMaxTopologySize) {
      throw pdes::ConfigError(key, what + " of more than " + std::to_string(kMaxTopologySize) +
                                       " routers is not supported");
    }
  }
  return size;
}

PortKind DirectTopology::port_kind(RouterId router, PortId port) const {
  check_port(router, port);
  if (port >= network_ports_) return PortKind::kTerminal;
  return neighbour(router, port) ? PortKind::kNetwork : PortKind::kUnconnected;
}

std::optional<NodeId> DirectTopology::node_at(RouterId router, PortId port) const {
  check_port(router, port);
  if (port < network_ports_) return std::nullopt;
  return router * concentration_ + (port - network_ports_);
}

RouterPort DirectTopology::attachment(NodeId node) const {
  // Asked on every delivery and routing decision: the range test inline (num_nodes() is final
  // here), check_node only to report; then node < 2^32 (kMaxTopologySize) and fits the divisor.
  if (node >= num_nodes()) check_node(node);
  const auto n = static_cast<std::uint32_t>(node);
  return {by_concentration_.quotient(n),
          network_ports_ + static_cast<PortId>(by_concentration_.remainder(n))};
}

}  // namespace net
