// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/hypercube.hpp"

#include "io/config/configurable_registry.hpp"

#include <bit>
#include <string>

#include "pdes/error.hpp"

namespace net {

namespace {

std::uint32_t checked_dimension(std::uint32_t n) {
  if (n < 1 || n > Hypercube::kMaxDimension) {
    throw pdes::ConfigError(std::string(kLevelsKey),
                            "the hypercube dimension must be between 1 and " +
                                std::to_string(Hypercube::kMaxDimension) + ", got " +
                                std::to_string(n));
  }
  return n;
}

}  // namespace

Hypercube::Hypercube(std::uint32_t dimension, std::uint32_t concentration)
    : DirectTopology(std::uint64_t{1} << checked_dimension(dimension), dimension, concentration),
      dimension_(dimension) {}

std::unique_ptr<Topology> Hypercube::create(const std::any& options) {
  const auto params = io::options_or_default<NetworkSizeKeys>(options);
  params.require_only(kName, {kLevelsKey, kConcentrationKey});
  if (!params.n) {
    throw pdes::ConfigError(std::string(kLevelsKey),
                            "required by topology 'hypercube' (the dimension n, 1.." +
                                std::to_string(kMaxDimension) + ")");
  }
  return std::make_unique<Hypercube>(*params.n, params.concentration.value_or(1));
}

std::string Hypercube::summary() const {
  return "hypercube " + std::to_string(dimension_) + "-cube, concentration " +
         std::to_string(concentration()) + " (" + std::to_string(num_routers()) + " routers, " +
         std::to_string(num_nodes()) + " nodes)";
}

std::optional<RouterPort> Hypercube::neighbour(RouterId router, PortId port) const {
  check_port(router, port);
  if (port >= dimension_) return std::nullopt;
  return RouterPort{router ^ (RouterId{1} << port), port};
}

std::uint32_t Hypercube::distance(RouterId a, RouterId b) const {
  check_router(a);
  check_router(b);
  return static_cast<std::uint32_t>(std::popcount(a ^ b));
}

PortList Hypercube::minimal_ports(RouterId current, RouterId destination) const {
  check_router(current);
  check_router(destination);
  PortList result;
  for (RouterId diff = current ^ destination; diff != 0; diff &= diff - 1) {
    result.push_back(static_cast<PortId>(std::countr_zero(diff)));
  }
  return result;
}

PortId Hypercube::first_minimal_port(RouterId current, RouterId destination) const {
  PDES_CHECK(current != destination, "first_minimal_port: current == destination");
  return static_cast<PortId>(std::countr_zero(current ^ destination));
}

std::vector<std::uint32_t> Hypercube::radices() const {
  return std::vector<std::uint32_t>(dimension_, 2);
}

}  // namespace net
