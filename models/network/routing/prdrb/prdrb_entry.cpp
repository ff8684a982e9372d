// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/prdrb_entry.hpp"

#include <memory>

#include "models/network/routing/prdrb/prdrb_config.hpp"
#include "models/network/routing/prdrb/prdrb_routing.hpp"

namespace net::prdrb {

namespace {

std::unique_ptr<RoutingAlgorithm> make_prdrb(const RoutingSetup& setup) {
  const auto at = [&](std::uint32_t routers, std::uint32_t size) {
    return static_cast<double>(setup.router.zero_load_cycles(routers, size));
  };
  // The watchdog must outlast the slowest round trip of an idle network: a data packet over
  // the diameter and its one-flit ACK back.
  const std::uint32_t far = setup.topology.diameter() + 1;
  const double round_trip = at(far, setup.packet_size) + at(far, 1);
  return std::make_unique<PrDrbRouting>(
      setup.topology, setup.options_or_default<PrDrbParams>(),
      drb::ZeroLoadLatency{at(1, setup.packet_size),
                           at(2, setup.packet_size) - at(1, setup.packet_size)},
      setup.router.cycle_ps, round_trip, setup.torus_tie);
}

}  // namespace

void register_routing(RoutingRegistry& registry) {
  registry.add("prdrb",
               "PR-DRB: DRB that learns; routers notify contending flows, sources re-apply "
               "saved path sets; FR-DRB with prdrb.watchdog ([prdrb], [drb])",
               make_prdrb,
               io::PartConfig{"prdrb", declare_prdrb_section, [](const io::Config& config) -> std::any {
                               return prdrb_params_from(config);
                             }});
}

}  // namespace net::prdrb
