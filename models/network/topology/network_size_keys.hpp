// SPDX-License-Identifier: Apache-2.0
//
// NetworkSizeKeys: the size keys of the classic topologies — mesh, torus, hypercube and fat
// tree — which, for compatibility with every configuration file written so far, live in the
// [network] section rather than in a section of their own:
//
// | key                   | field         | used by                                    |
// |-----------------------|---------------|--------------------------------------------|
// | network.dims          | dims          | mesh, torus (radix per dimension)          |
// | network.concentration | concentration | mesh, torus, hypercube (nodes per router)  |
// | network.k             | k             | fat_tree (switch arity)                    |
// | network.n             | n             | hypercube (dimension), fat_tree (levels)   |
//
// The four topologies share this one declaration (network_size_keys_config()); each reads the
// keys it uses and rejects, naming the key, one it does not use (a `k` on a torus is an error,
// not silence). A new topology declares a section of its own instead (docs/extending.md).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "io/config/part_config.hpp"

namespace net {

inline constexpr std::string_view kTopologyKey = "network.topology";
inline constexpr std::string_view kDimsKey = "network.dims";
inline constexpr std::string_view kConcentrationKey = "network.concentration";
inline constexpr std::string_view kArityKey = "network.k";
inline constexpr std::string_view kLevelsKey = "network.n";

/// Largest supported number of routers and of nodes: ids stay within 32 bits, so that later
/// layers may store them compactly.
inline constexpr std::uint64_t kMaxTopologySize = std::uint64_t{1} << 32;
/// Largest supported concentration (nodes per router).
inline constexpr std::uint32_t kMaxConcentration = 1024;

struct NetworkSizeKeys {
  std::vector<std::uint32_t> dims;             ///< network.dims; empty = unset
  std::optional<std::uint32_t> concentration;  ///< network.concentration; default 1
  std::optional<std::uint32_t> k;              ///< network.k
  std::optional<std::uint32_t> n;              ///< network.n

  /// Throws pdes::ConfigError naming the first key that is set but not in `used`, and listing
  /// the keys that `topology` does use.
  void require_only(std::string_view topology, std::initializer_list<std::string_view> used) const;
};

/// The declaration of the four keys (shared by the classic topologies) and their reader, which
/// makes a NetworkSizeKeys.
io::PartConfig network_size_keys_config();

}  // namespace net
