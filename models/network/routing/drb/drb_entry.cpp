// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_entry.hpp"

#include <memory>

#include "models/network/routing/drb/drb_config.hpp"
#include "models/network/routing/drb/drb_routing.hpp"

namespace net::drb {

namespace {

std::unique_ptr<RoutingAlgorithm> make_drb(const RoutingSetup& setup) {
  // Eq. [3]'s transmission time over D hops: the router's zero-load latency over D + 1 routers.
  const auto at = [&](std::uint32_t routers) {
    return static_cast<double>(setup.router.zero_load_cycles(routers, setup.packet_size));
  };
  return std::make_unique<DrbRouting>(setup.topology, setup.options_or_default<DrbParams>(),
                                      ZeroLoadLatency{at(1), at(2) - at(1)}, setup.torus_tie);
}

}  // namespace

void register_routing(RoutingRegistry& registry) {
  registry.add("drb", "Distributed Routing Balancing: metapaths of multi-step paths ([drb])",
               make_drb,
               io::PartConfig{"drb", declare_drb_section, [](const io::Config& config) -> std::any {
                               return drb_params_from(config);
                             }});
}

}  // namespace net::drb
