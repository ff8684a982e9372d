// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/torus.hpp"

#include "io/config/configurable_registry.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"

namespace net {

Torus::Torus(std::vector<std::uint32_t> dims, std::uint32_t concentration)
    : DirectTopology(grid_size(dims, kName), static_cast<PortId>(2 * dims.size()), concentration),
      shape_(std::move(dims)) {}

std::unique_ptr<Topology> Torus::create(const std::any& options) {
  const auto params = io::options_or_default<NetworkSizeKeys>(options);
  params.require_only(kName, {kDimsKey, kConcentrationKey});
  if (params.dims.empty()) {
    throw pdes::ConfigError(std::string(kDimsKey), "required by topology 'torus', e.g. [8, 8]");
  }
  return std::make_unique<Torus>(params.dims, params.concentration.value_or(1));
}

std::string Torus::summary() const {
  return "torus " + shape_.to_string() + ", concentration " + std::to_string(concentration()) +
         " (" + std::to_string(num_routers()) + " routers, " + std::to_string(num_nodes()) +
         " nodes)";
}

std::optional<RouterPort> Torus::neighbour(RouterId router, PortId port) const {
  check_port(router, port);
  if (port >= num_network_ports()) return std::nullopt;
  const std::size_t dim = port / 2;
  const std::uint32_t k = shape_.radix(dim);
  const std::uint32_t c = shape_.coordinate(router, dim);
  const bool plus = port % 2 == 0;
  const std::uint32_t next = plus ? (c + 1) % k : (c + k - 1) % k;
  // The far end of a +d link is the neighbour's -d port and vice versa, also for k = 2.
  return RouterPort{shape_.with_coordinate(router, dim, next), plus ? port + 1 : port - 1};
}

std::uint32_t Torus::distance(RouterId a, RouterId b) const {
  check_router(a);
  check_router(b);
  std::uint32_t hops = 0;
  for (std::size_t d = 0; d < shape_.num_dims(); ++d) {
    const std::uint32_t k = shape_.radix(d);
    const std::uint32_t delta = (shape_.coordinate(b, d) + k - shape_.coordinate(a, d)) % k;
    hops += std::min(delta, k - delta);
  }
  return hops;
}

std::uint32_t Torus::diameter() const {
  std::uint32_t result = 0;
  for (std::uint32_t k : shape_.radices()) result += k / 2;
  return result;
}

PortList Torus::minimal_ports(RouterId current, RouterId destination) const {
  check_router(current);
  check_router(destination);
  PortList result;
  for (std::size_t d = 0; d < shape_.num_dims(); ++d) {
    const std::uint32_t k = shape_.radix(d);
    const std::uint32_t delta =
        (shape_.coordinate(destination, d) + k - shape_.coordinate(current, d)) % k;
    if (delta == 0) continue;
    if (2 * delta <= k) result.push_back(static_cast<PortId>(2 * d));
    if (2 * delta >= k) result.push_back(static_cast<PortId>(2 * d + 1));
  }
  return result;
}

PortId Torus::first_minimal_port(RouterId current, RouterId destination) const {
  for (std::size_t d = 0; d < shape_.num_dims(); ++d) {
    const std::uint32_t k = shape_.radix(d);
    const std::uint32_t delta =
        (shape_.coordinate(destination, d) + k - shape_.coordinate(current, d)) % k;
    if (delta != 0) return static_cast<PortId>(2 * delta <= k ? 2 * d : 2 * d + 1);
  }
  PDES_CHECK(false, "first_minimal_port: current == destination");
  return 0;
}

std::vector<std::uint32_t> Torus::radices() const {
  return {shape_.radices().begin(), shape_.radices().end()};
}

bool Torus::crosses_wrap(RouterId router, PortId port) const {
  check_port(router, port);
  if (port >= num_network_ports()) return false;
  const std::size_t dim = port / 2;
  const std::uint32_t c = shape_.coordinate(router, dim);
  return port % 2 == 0 ? c + 1 == shape_.radix(dim) : c == 0;
}

}  // namespace net
