// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_ugal_global_entry.hpp"

#include <memory>

#include "models/network/routing/dragonfly_adaptive_entry.hpp"
#include "models/network/routing/dragonfly_ugal_global.hpp"
#include "pdes/error.hpp"

namespace net {

void register_dragonfly_ugal_global(RoutingRegistry& registry) {
  // The [ugal] section is ugal_local's (declared once per name); this reader also refuses the
  // engines on which UGAL-G's shared board would not be exact.
  io::PartConfig part{"ugal", declare_ugal_section, [](const io::Config& config) -> std::any {
                        const std::string engine = config.get_string("simulation.engine");
                        if (engine != "sequential") {
                          throw pdes::ConfigError(
                              "network.routing",
                              "'ugal_global' is an oracle that reads every router's global "
                              "queues through a table outside the LPs' state; it is exact only "
                              "on simulation.engine = 'sequential' (one rank), not on '" +
                                  engine + "': use ugal_local or par on the optimistic engine");
                        }
                        return read_ugal_params(config);
                      }};
  registry.add(
      "ugal_global",
      "dragonfly: minimal or via a random group, by the source group's global queues (UGAL-G, "
      "an oracle: sequential engine only)",
      [](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
        return std::make_unique<UgalGlobalRouting>(
            setup.topology, setup.options_or_default<UgalParams>(), setup.router.buffer_depth);
      },
      std::move(part));
}

}  // namespace net
