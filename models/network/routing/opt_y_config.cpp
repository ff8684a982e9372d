// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/opt_y_config.hpp"

#include <memory>
#include <string>

#include "models/network/routing/opt_y.hpp"
#include "pdes/error.hpp"

namespace net {

std::string_view to_string(OptYLayout layout) {
  return layout == OptYLayout::k4nMinus2 ? "4n-2" : "shared";
}

OptYLayout parse_opt_y_layout(std::string_view name) {
  if (name == "shared") return OptYLayout::kShared;
  if (name == "4n-2") return OptYLayout::k4nMinus2;
  throw pdes::ConfigError("opt_y.vc_layout",
                          "unknown layout \"" + std::string(name) + "\" (shared, 4n-2)");
}

namespace {

void declare_opt_y_section(io::Schema& s) {
  s.describe_section("opt_y",
                     "Opt-y routing on a 2D mesh (read when network.routing = \"opt_y\"; "
                     "docs/reproduction/speculative.md)");
  s.add_choice("opt_y.vc_layout", std::string(to_string(OptYLayout::kShared)), {"shared", "4n-2"})
      .describe("VC classes of the x channels: shared (an x hop may take either class, so both "
                "VCs of an x link) or 4n-2 (Schwiebert & Jayasimha: one VC each way in x, two "
                "each way in y)");
}

}  // namespace

void register_opt_y(RoutingRegistry& registry) {
  registry.add(
      "opt_y", "2D mesh: fully adaptive minimal, y channels doubled (Schwiebert; [opt_y])",
      [](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
        return std::make_unique<OptYRouting>(setup.topology,
                                             setup.options_or_default<OptYLayout>());
      },
      io::PartConfig{"opt_y", declare_opt_y_section, [](const io::Config& config) -> std::any {
                       return parse_opt_y_layout(config.get_string("opt_y.vc_layout"));
                     }});
}

}  // namespace net
