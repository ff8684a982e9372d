// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/network_size_keys.hpp"

#include <algorithm>
#include <any>
#include <limits>
#include <string>

#include "pdes/error.hpp"

namespace net {

void NetworkSizeKeys::require_only(std::string_view topology,
                                  std::initializer_list<std::string_view> used) const {
  const auto is_used = [&](std::string_view key) {
    return std::find(used.begin(), used.end(), key) != used.end();
  };
  const std::pair<std::string_view, bool> set_keys[] = {
      {kDimsKey, !dims.empty()},
      {kConcentrationKey, concentration.has_value()},
      {kArityKey, k.has_value()},
      {kLevelsKey, n.has_value()},
  };
  for (const auto& [key, is_set] : set_keys) {
    if (!is_set || is_used(key)) continue;
    std::string valid;
    for (std::string_view u : used) {
      if (!valid.empty()) valid += ", ";
      valid += u;
    }
    throw pdes::ConfigError(std::string(key), "not used by topology '" + std::string(topology) +
                                                  "' (it uses: " + valid + ")");
  }
}

namespace {

constexpr std::int64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();

std::uint32_t to_u32(std::int64_t v) { return static_cast<std::uint32_t>(v); }

void declare_size_keys(io::Schema& s) {
  s.add_int_list(std::string(kDimsKey), {})
      .optional()
      .range(1, kMaxU32)
      .describe("mesh, torus: routers per dimension, e.g. [8, 8] (dimension 0 first)");
  s.add_int(std::string(kLevelsKey), 0)
      .optional()
      .range(1, kMaxU32)
      .describe("hypercube: dimension (2^n routers); fat_tree: levels");
  s.add_int(std::string(kArityKey), 0).optional().range(1, kMaxU32).describe("fat_tree: switch arity");
  s.add_int(std::string(kConcentrationKey), 0)
      .optional()
      .range(1, kMaxU32)
      .unit("nodes")
      .describe("mesh, torus, hypercube: nodes per router (not given: 1)");
}

NetworkSizeKeys read_size_keys(const io::Config& config) {
  NetworkSizeKeys t;
  if (config.is_set(kDimsKey)) {
    for (const std::int64_t d : config.get_int_list(kDimsKey)) t.dims.push_back(to_u32(d));
  }
  if (config.is_set(kConcentrationKey)) {
    t.concentration = to_u32(config.get_int(kConcentrationKey));
  }
  if (config.is_set(kArityKey)) t.k = to_u32(config.get_int(kArityKey));
  if (config.is_set(kLevelsKey)) t.n = to_u32(config.get_int(kLevelsKey));
  return t;
}

}  // namespace

io::PartConfig network_size_keys_config() {
  return {"network size keys", declare_size_keys,
          [](const io::Config& config) -> std::any { return read_size_keys(config); }};
}

}  // namespace net
