// SPDX-License-Identifier: Apache-2.0
#include "models/network/selection/selection_registry.hpp"

#include <algorithm>
#include <memory>

#include "models/network/selection/first_selection.hpp"
#include "models/network/selection/max_credits_selection.hpp"
#include "models/network/selection/random_selection.hpp"
#include "models/network/selection/speculative/speculative_entry.hpp"
#include "models/network/selection/straight_selection.hpp"

namespace net {

namespace {

template <class Selection>
SelectionRegistry::Factory make() {
  return [](const SelectionSetup&) { return std::make_unique<Selection>(); };
}

}  // namespace

void register_selection_functions(SelectionRegistry& registry) {
  registry.add("max_credits", "the free output VC with the most credits (default)",
               make<MaxCreditsSelection>());
  registry.add("first", "the first admissible output in the routing's order",
               make<FirstSelection>());
  registry.add("straight", "the output in the dimension the head arrived on, else the first",
               make<StraightSelection>());
  registry.add("random", "an admissible output uniformly at random", make<RandomSelection>());
  speculative::register_selection(registry);
}

std::vector<std::string> selection_names() {
  SelectionRegistry registry;
  register_selection_functions(registry);
  return registry.names();
}

}  // namespace net
