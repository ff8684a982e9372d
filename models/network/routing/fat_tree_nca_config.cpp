// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/fat_tree_nca_config.hpp"

#include <memory>
#include <string>

#include "models/network/routing/fat_tree_nca.hpp"

namespace net {

namespace {

void declare_nca_section(io::Schema& s) {
  s.describe_section("nca",
                     "Nearest-common-ancestor routing on a fat tree (read when network.routing = "
                     "\"nca\"; docs/topologies.md)");
  s.add_choice("nca.up_port", std::string(to_string(UpPortPolicy::kDeterministic)),
               {"deterministic", "random", "cyclic", "adaptive"})
      .describe("Up-port choice on the way to the NCA: deterministic (destination digit, "
                "d-mod-k), random (per packet and switch), cyclic (per-source round robin over "
                "the NCAs) or adaptive (most credits)");
}

}  // namespace

void register_fat_tree_nca(RoutingRegistry& registry) {
  registry.add(
      "nca", "fat tree: up to a nearest common ancestor by nca.up_port, then down ([nca])",
      [](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
        return std::make_unique<FatTreeNcaRouting>(setup.topology,
                                                   setup.options_or_default<UpPortPolicy>());
      },
      io::PartConfig{"nca", declare_nca_section, [](const io::Config& config) -> std::any {
                      return parse_up_port_policy(config.get_string("nca.up_port"));
                    }});
}

}  // namespace net
