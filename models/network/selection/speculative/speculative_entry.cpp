// SPDX-License-Identifier: Apache-2.0
#include "models/network/selection/speculative/speculative_entry.hpp"

#include <memory>

#include "models/network/selection/local_status_selection.hpp"
#include "models/network/selection/speculative/speculative_selection.hpp"
#include "models/network/selection/speculative/straight_charged_selection.hpp"
#include "pdes/error.hpp"

namespace net::speculative {

namespace {

SelectionRegistry::Factory make(std::uint32_t level) {
  return [level](const SelectionSetup& setup) -> std::unique_ptr<SelectionFunction> {
    PDES_CHECK(setup.topology != nullptr, "speculative selection built without a topology");
    return std::make_unique<SpeculativeSelection>(
        level, *setup.topology, setup.cycle_ticks,
        setup.options_or_default<SpeculativeParams>());
  };
}

io::PartConfig section() {
  return {"speculative", declare_speculative_section,
          [](const io::Config& config) -> std::any { return speculative_params_from(config); }};
}

}  // namespace

void register_selection(SelectionRegistry& registry) {
  registry.add("local_status", "least E = D + R: dimension and requests (seed 002, no exchange)",
               [](const SelectionSetup& setup) -> std::unique_ptr<SelectionFunction> {
                 return std::make_unique<LocalStatusSelection>(
                     setup.options_or_default<SpeculativeParams>().d_marks);
               },
               section());
  registry.add("speculative_1hop",
               "least E = D + R + N1: neighbours' load, exchanged over the links (seed 002)",
               make(1), section());
  registry.add("speculative_2hop",
               "least E = D + R + N1 + k*N2: load one and two hops away (seed 002's SSR)",
               make(2), section());
  registry.add("straight_charged",
               "straight, with the status exchange holding the links but unused (seed 002's "
               "cost alone)",
               [](const SelectionSetup& setup) -> std::unique_ptr<SelectionFunction> {
                 PDES_CHECK(setup.topology != nullptr,
                            "straight_charged built without a topology");
                 return std::make_unique<StraightChargedSelection>(
                     *setup.topology, setup.options_or_default<SpeculativeParams>());
               },
               section());
}

}  // namespace net::speculative
