// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/mesh.hpp"

#include "io/config/configurable_registry.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

Mesh::Mesh(std::vector<std::uint32_t> dims, std::uint32_t concentration)
    : DirectTopology(grid_size(dims, kName), static_cast<PortId>(2 * dims.size()), concentration),
      shape_(std::move(dims)) {}

std::unique_ptr<Topology> Mesh::create(const std::any& options) {
  const auto params = io::options_or_default<NetworkSizeKeys>(options);
  params.require_only(kName, {kDimsKey, kConcentrationKey});
  if (params.dims.empty()) {
    throw pdes::ConfigError(std::string(kDimsKey), "required by topology 'mesh', e.g. [8, 8]");
  }
  return std::make_unique<Mesh>(params.dims, params.concentration.value_or(1));
}

std::string Mesh::summary() const {
  return "mesh " + shape_.to_string() + ", concentration " + std::to_string(concentration()) +
         " (" + std::to_string(num_routers()) + " routers, " + std::to_string(num_nodes()) +
         " nodes)";
}

std::optional<RouterPort> Mesh::neighbour(RouterId router, PortId port) const {
  check_port(router, port);
  if (port >= num_network_ports()) return std::nullopt;
  const std::size_t dim = port / 2;
  const std::uint32_t c = shape_.coordinate(router, dim);
  if (port % 2 == 0) {
    if (c + 1 == shape_.radix(dim)) return std::nullopt;
    return RouterPort{router + shape_.stride(dim), port + 1};
  }
  if (c == 0) return std::nullopt;
  return RouterPort{router - shape_.stride(dim), port - 1};
}

std::uint32_t Mesh::distance(RouterId a, RouterId b) const {
  check_router(a);
  check_router(b);
  std::uint32_t hops = 0;
  for (std::size_t d = 0; d < shape_.num_dims(); ++d) {
    const std::uint32_t ca = shape_.coordinate(a, d);
    const std::uint32_t cb = shape_.coordinate(b, d);
    hops += ca > cb ? ca - cb : cb - ca;
  }
  return hops;
}

std::uint32_t Mesh::diameter() const {
  std::uint32_t result = 0;
  for (std::uint32_t k : shape_.radices()) result += k - 1;
  return result;
}

PortList Mesh::minimal_ports(RouterId current, RouterId destination) const {
  check_router(current);
  check_router(destination);
  PortList result;
  for (std::size_t d = 0; d < shape_.num_dims(); ++d) {
    const std::uint32_t c = shape_.coordinate(current, d);
    const std::uint32_t t = shape_.coordinate(destination, d);
    if (c < t) result.push_back(static_cast<PortId>(2 * d));
    if (c > t) result.push_back(static_cast<PortId>(2 * d + 1));
  }
  return result;
}

PortId Mesh::first_minimal_port(RouterId current, RouterId destination) const {
  for (std::size_t d = 0; d < shape_.num_dims(); ++d) {
    const std::uint32_t c = shape_.coordinate(current, d);
    const std::uint32_t t = shape_.coordinate(destination, d);
    if (c != t) return static_cast<PortId>(c < t ? 2 * d : 2 * d + 1);
  }
  PDES_CHECK(false, "first_minimal_port: current == destination");
  return 0;
}

std::vector<std::uint32_t> Mesh::radices() const {
  return {shape_.radices().begin(), shape_.radices().end()};
}

}  // namespace net
