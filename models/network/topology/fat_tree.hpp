// SPDX-License-Identifier: Apache-2.0
//
// FatTree: the k-ary n-tree of Petrini & Vanneschi ("k-ary n-trees: High Performance Networks
// for Massively Parallel Architectures", IPPS 1997), the fat tree of BookSim2 (fattree.cpp).
//
// Structure: k^n terminals and n levels of k^(n-1) switches (n * k^(n-1) switches in all; a
// 4-ary 3-tree has 64 nodes and 48 switches). Level 0 holds the leaf switches, level n-1 the
// roots (Petrini & Vanneschi count levels from the root; we count from the leaves, so that
// "up" means a higher level).
//
// Numbering:
// - a switch is (level l, index s), 0 <= s < k^(n-1), with base-k digits s_0 .. s_{n-2}
//   (s_0 least significant); router id = l * k^(n-1) + s, so the leaves are routers 0 .. k^(n-1)-1;
// - terminal t (base-k digits t_0 .. t_{n-1}) hangs on leaf t / k, terminal port t mod k;
// - ports 0 .. k-1 are down ports (terminal ports on leaves), ports k .. 2k-1 up ports. Root
//   switches have only the k down ports (num_ports = k); every other switch has 2k. With n = 1
//   the single switch is leaf and root, with k terminal ports.
// - links: up port k + j of (l, s) goes to (l+1, s with digit l set to j), arriving on down
//   port s_l; down port p of (l, s) goes to (l-1, s with digit l-1 set to p), arriving on up
//   port k + s_{l-1}.
//
// A switch (l, s) is an ancestor of terminal t iff s_i == t_{i+1} for l <= i <= n-2. Minimal
// routing between leaves goes up to a nearest common ancestor (at level nca_level()) and then
// down: on the way up every up port is minimal (minimal_ports lists all k; choosing among them
// is the routing algorithm's job: deterministic, random, round robin); on the way down exactly
// one down port is.
//
// distance() is the exact hop count between any two switches: digit i can only change on a
// hop between levels i and i+1, so a shortest walk covers the level range [lo, hi] spanning both
// switches' levels and every differing digit (lo <= i < hi), visiting its ends in the cheaper
// order. Between leaves this is 2 * nca_level; diameter = 2 (n - 1).
//
// Limitations: 2 <= k <= 32 (at most 64 ports per switch), n >= 1, at most 2^32 terminals and
// switches. radices() is empty: tornado and neighbour traffic do not apply.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/network/topology/topology.hpp"
#include "models/network/topology/network_size_keys.hpp"

namespace net {

class FatTree final : public Topology {
 public:
  static constexpr std::string_view kName = "fat_tree";
  static constexpr std::uint32_t kMaxArity = 32;

  /// Throws pdes::ConfigError naming network.k or network.n on bad values.
  FatTree(std::uint32_t k, std::uint32_t n);

  /// Factory for TopologyRegistry: uses network.k and network.n (both required).
  /// From the [network] size keys (a NetworkSizeKeys in `options`; topology_registry.hpp).
  static std::unique_ptr<Topology> create(const std::any& options);

  std::string_view name() const override { return kName; }
  std::string summary() const override;
  std::uint64_t num_routers() const override { return levels_ * switches_per_level_; }
  std::uint64_t num_nodes() const override { return switches_per_level_ * arity_; }
  PortId num_ports(RouterId router) const override;
  PortId max_ports() const override { return levels_ == 1 ? arity_ : 2 * arity_; }
  PortKind port_kind(RouterId router, PortId port) const override;
  std::optional<RouterPort> neighbour(RouterId router, PortId port) const override;
  std::optional<NodeId> node_at(RouterId router, PortId port) const override;
  RouterPort attachment(NodeId node) const override;
  std::uint32_t distance(RouterId a, RouterId b) const override;
  std::uint32_t diameter() const override { return 2 * (levels_ - 1); }
  std::uint32_t concentration() const override { return arity_; }

  std::uint32_t arity() const { return arity_; }
  std::uint32_t levels() const { return levels_; }
  std::uint64_t switches_per_level() const { return switches_per_level_; }

  std::uint32_t level(RouterId router) const {
    return static_cast<std::uint32_t>(router / switches_per_level_);
  }
  std::uint64_t index_in_level(RouterId router) const { return router % switches_per_level_; }
  RouterId router_at(std::uint32_t level, std::uint64_t index) const {
    return level * switches_per_level_ + index;
  }

  /// True for the up ports k .. 2k-1 of a non-root switch.
  bool is_up_port(RouterId router, PortId port) const;

  /// Level of the nearest common ancestors of two leaf switches (0 if they are the same leaf).
  /// The minimal path between them is 2 * nca_level hops.
  std::uint32_t nca_level(RouterId leaf_a, RouterId leaf_b) const;

 private:
  std::uint32_t digit(std::uint64_t index, std::uint32_t i) const {
    return static_cast<std::uint32_t>((index / powers_[i]) % arity_);
  }
  std::uint64_t with_digit(std::uint64_t index, std::uint32_t i, std::uint32_t value) const {
    return index - std::uint64_t{digit(index, i)} * powers_[i] + std::uint64_t{value} * powers_[i];
  }

  std::uint32_t arity_;
  std::uint32_t levels_;
  std::uint64_t switches_per_level_;
  std::vector<std::uint64_t> powers_;  // k^i, i = 0 .. n-1
};

}  // namespace net
