// SPDX-License-Identifier: Apache-2.0
//
// PartConfig: the configuration of one registered part (a topology, a traffic pattern, a
// routing, ...) that has parameters of its own — which keys it declares and how it reads them.
//
// The part declares its keys in the schema like any other key (types, defaults, units, ranges,
// descriptions, all shown by `warpnet config --explain`) and reads them back, after validation,
// into its own parameters struct, which the model carries unopened (a std::any) to the part's
// factory. Several parts may share one section (mesh and torus both read network.dims), or a
// KeyGroup besides their own sections; the registry declares each section and group once, by
// its name.
//
//   io::PartConfig{"dragonfly", declare_dragonfly_section,
//                  [](const io::Config& c) -> std::any { return dragonfly_params_from(c); }}
#pragma once

#include <any>
#include <functional>
#include <string>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"

namespace io {

/// Keys that several parts share (a replay's and a skeleton's rank placement, say), declared
/// once however many parts use them.
struct KeyGroup {
  std::string name;
  std::function<void(Schema&)> declare;
};

struct PartConfig {
  /// The section the part declares ("dragonfly", "drb", "traffic.hot_spot"); parts that share
  /// one name share its keys, and the section is declared once.
  std::string section;
  /// Declares the section's keys.
  std::function<void(Schema&)> declare;
  /// The part's parameters from a validated configuration.
  std::function<std::any(const Config&)> read;
  /// Groups of keys the part reads besides its section's, shared with other parts.
  std::vector<KeyGroup> shared = {};
};

}  // namespace io
