// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/fat_tree.hpp"

#include "io/config/configurable_registry.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"

namespace net {

namespace {

// Validates (k, n) and returns k^(n-1), the number of switches per level.
std::uint64_t checked_switches_per_level(std::uint32_t k, std::uint32_t n) {
  if (k < 2 || k > FatTree::kMaxArity) {
    throw pdes::ConfigError(std::string(kArityKey),
                            "a fat tree needs 2 <= k <= " + std::to_string(FatTree::kMaxArity) +
                                " (switches of 2k ports), got " + std::to_string(k));
  }
  if (n < 1) throw pdes::ConfigError(std::string(kLevelsKey), "a fat tree needs n >= 1, got 0");
  std::uint64_t terminals = 1;
  for (std::uint32_t i = 0; i < n; ++i) {
    terminals *= k;
    if (terminals > kMaxTopologySize) {
      throw pdes::ConfigError(std::string(kLevelsKey),
                              "a " + std::to_string(k) + "-ary " + std::to_string(n) +
                                  "-tree has more than " + std::to_string(kMaxTopologySize) +
                                  " terminals; not supported");
    }
  }
  const std::uint64_t per_level = terminals / k;
  if (per_level * n > kMaxTopologySize) {
    throw pdes::ConfigError(std::string(kLevelsKey),
                            "a " + std::to_string(k) + "-ary " + std::to_string(n) +
                                "-tree has more than " + std::to_string(kMaxTopologySize) +
                                " switches; not supported");
  }
  return per_level;
}

}  // namespace

FatTree::FatTree(std::uint32_t k, std::uint32_t n)
    : arity_(k), levels_(n), switches_per_level_(checked_switches_per_level(k, n)) {
  std::uint64_t p = 1;
  for (std::uint32_t i = 0; i < n; ++i, p *= k) powers_.push_back(p);
}

std::unique_ptr<Topology> FatTree::create(const std::any& options) {
  const auto params = io::options_or_default<NetworkSizeKeys>(options);
  params.require_only(kName, {kArityKey, kLevelsKey});
  if (!params.k) {
    throw pdes::ConfigError(std::string(kArityKey), "required by topology 'fat_tree' (arity k)");
  }
  if (!params.n) {
    throw pdes::ConfigError(std::string(kLevelsKey), "required by topology 'fat_tree' (levels n)");
  }
  return std::make_unique<FatTree>(*params.k, *params.n);
}

std::string FatTree::summary() const {
  return "fat_tree " + std::to_string(arity_) + "-ary " + std::to_string(levels_) + "-tree (" +
         std::to_string(num_routers()) + " switches, " + std::to_string(num_nodes()) + " nodes)";
}

PortId FatTree::num_ports(RouterId router) const {
  check_router(router);
  return level(router) + 1 == levels_ ? arity_ : 2 * arity_;
}

PortKind FatTree::port_kind(RouterId router, PortId port) const {
  check_port(router, port);
  return level(router) == 0 && port < arity_ ? PortKind::kTerminal : PortKind::kNetwork;
}

bool FatTree::is_up_port(RouterId router, PortId port) const {
  check_port(router, port);
  return port >= arity_;
}

std::optional<RouterPort> FatTree::neighbour(RouterId router, PortId port) const {
  check_port(router, port);
  const std::uint32_t l = level(router);
  const std::uint64_t s = index_in_level(router);
  if (port >= arity_) {
    return RouterPort{router_at(l + 1, with_digit(s, l, port - arity_)), digit(s, l)};
  }
  if (l == 0) return std::nullopt;
  return RouterPort{router_at(l - 1, with_digit(s, l - 1, port)), arity_ + digit(s, l - 1)};
}

std::optional<NodeId> FatTree::node_at(RouterId router, PortId port) const {
  check_port(router, port);
  if (level(router) != 0 || port >= arity_) return std::nullopt;
  return router * arity_ + port;
}

RouterPort FatTree::attachment(NodeId node) const {
  check_node(node);
  return {node / arity_, static_cast<PortId>(node % arity_)};
}

std::uint32_t FatTree::distance(RouterId a, RouterId b) const {
  check_router(a);
  check_router(b);
  if (a == b) return 0;
  const std::uint32_t la = level(a);
  const std::uint32_t lb = level(b);
  const std::uint64_t sa = index_in_level(a);
  const std::uint64_t sb = index_in_level(b);
  std::uint32_t lo = std::min(la, lb);
  std::uint32_t hi = std::max(la, lb);
  for (std::uint32_t i = 0; i + 1 < levels_; ++i) {
    if (digit(sa, i) != digit(sb, i)) {
      lo = std::min(lo, i);
      hi = std::max(hi, i + 1);
    }
  }
  const std::uint32_t low_first = (la - lo) + (hi - lb);
  const std::uint32_t high_first = (hi - la) + (lb - lo);
  return (hi - lo) + std::min(low_first, high_first);
}

std::uint32_t FatTree::nca_level(RouterId leaf_a, RouterId leaf_b) const {
  check_router(leaf_a);
  check_router(leaf_b);
  PDES_CHECK(level(leaf_a) == 0 && level(leaf_b) == 0, "nca_level needs two leaf switches");
  std::uint32_t result = 0;
  for (std::uint32_t i = 0; i + 1 < levels_; ++i) {
    if (digit(leaf_a, i) != digit(leaf_b, i)) result = i + 1;
  }
  return result;
}

}  // namespace net
