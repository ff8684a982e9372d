// SPDX-License-Identifier: Apache-2.0
//
// SelectionRegistry: selection functions by name, chosen by the config key router.selection.
//
//   SelectionRegistry registry;
//   register_selection_functions(registry);
//   std::unique_ptr<SelectionFunction> s = registry.create("straight");
//
// A selection function with parameters of its own registers an io::PartConfig with it, like a
// routing (routing_registry.hpp): the keys of its section and how to read them
// into its parameters struct, which the network model carries unopened
// (NetworkParams::selection_options) to the factory (SelectionSetup::options). A section is
// validated whatever router.selection says and read only for the selected function.
#pragma once

#include <any>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/selection/selection_function.hpp"
#include "io/config/configurable_registry.hpp"
#include "models/network/topology/topology.hpp"
#include "pdes/error.hpp"

namespace net {

/// What a selection function is built from. The topology and cycle are set by the network
/// builder (a selection that needs them is never built without them, PDES_CHECK).
struct SelectionSetup {
  const Topology* topology = nullptr;
  std::int64_t cycle_ticks = 1000;  ///< ticks per router cycle
  /// The function's own parameters (its io::PartConfig::read); empty: its defaults.
  std::any options{};

  /// The options as T, or T's defaults when none were given.
  template <class T>
  T options_or_default() const {
    return io::options_or_default<T>(options);
  }
};

class SelectionRegistry
    : public io::ConfigurableRegistry<SelectionFunction, const SelectionSetup&> {
 public:
  SelectionRegistry() : ConfigurableRegistry("router.selection", "selection function") {}

  using ConfigurableRegistry::create;
  /// With the function's default parameters.
  std::unique_ptr<SelectionFunction> create(std::string_view name) const {
    return create(name, SelectionSetup{});
  }
};

/// Adds every selection function, one line each.
void register_selection_functions(SelectionRegistry& registry);

/// The registered names (for the configuration schema's list of choices).
std::vector<std::string> selection_names();

}  // namespace net
