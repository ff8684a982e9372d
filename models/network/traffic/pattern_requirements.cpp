// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/pattern_requirements.hpp"

#include <bit>
#include <string>

#include "models/network/traffic/pattern_config.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

[[noreturn]] void fail(std::string_view pattern, const std::string& requirement,
                       std::uint64_t num_nodes) {
  throw pdes::ConfigError(std::string(kTrafficPatternKey),
                          "'" + std::string(pattern) + "' needs " + requirement +
                              "; the network has " + std::to_string(num_nodes) + " nodes");
}

}  // namespace

std::uint32_t require_power_of_two(std::uint64_t num_nodes, std::string_view pattern) {
  if (!std::has_single_bit(num_nodes)) fail(pattern, "a power-of-two node count", num_nodes);
  return static_cast<std::uint32_t>(std::countr_zero(num_nodes));
}

std::uint32_t require_even_power_of_two(std::uint64_t num_nodes, std::string_view pattern) {
  if (!std::has_single_bit(num_nodes) || std::countr_zero(num_nodes) % 2 != 0) {
    fail(pattern, "2^b nodes with b even (a square matrix of nodes)", num_nodes);
  }
  return static_cast<std::uint32_t>(std::countr_zero(num_nodes));
}

void require_radices(const TrafficContext& context, std::string_view pattern) {
  if (context.radices.empty()) {
    fail(pattern, "a mesh, torus or hypercube (router coordinates)", context.num_nodes);
  }
  std::uint64_t routers = 1;
  for (std::uint32_t k : context.radices) routers *= k;
  PDES_CHECK(routers * context.concentration == context.num_nodes,
             "TrafficContext radices and concentration do not match the node count");
}

void require_groups(const TrafficContext& context, std::string_view pattern) {
  if (context.groups < 2) {
    fail(pattern, "a topology with groups (network.topology = \"dragonfly\")", context.num_nodes);
  }
  PDES_CHECK(context.groups * context.nodes_per_group == context.num_nodes,
             "TrafficContext groups do not match the node count");
}

}  // namespace net
