// SPDX-License-Identifier: Apache-2.0
//
// SelectionRegistry: selection functions by name, chosen by the config key router.selection.
//
//   SelectionRegistry registry;
//   register_selection_functions(registry);
//   std::unique_ptr<SelectionFunction> s = registry.create("straight");
#pragma once

#include <string>
#include <vector>

#include "models/network/selection/selection_function.hpp"
#include "models/network/topology/named_registry.hpp"

namespace net {

class SelectionRegistry : public NamedRegistry<SelectionFunction> {
 public:
  SelectionRegistry() : NamedRegistry("router.selection", "selection function") {}
};

/// Adds every selection function, one line each.
void register_selection_functions(SelectionRegistry& registry);

/// The registered names (for the configuration schema's list of choices).
std::vector<std::string> selection_names();

}  // namespace net
