// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_ugal_global_entry.hpp"

#include <memory>
#include <sstream>
#include <string>

#include "models/network/routing/dragonfly_adaptive_entry.hpp"
#include "models/network/routing/dragonfly_ugal_global.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

/// ugal_global's options from the [ugal] section. Refuses the oracle on any engine but the
/// sequential one (its shared board would not be exact), and an exchange faster than the
/// kernel's lookahead promises.
UgalGlobalParams read_ugal_global(const io::Config& config) {
  UgalGlobalParams p;
  p.ugal = read_ugal_params(config);
  const std::string info = config.get_string("ugal.global_info");
  p.info = info == "exchange" ? UgalGlobalInfo::kExchange : UgalGlobalInfo::kOracle;
  if (config.is_set("ugal.exchange_delay")) {
    p.exchange_delay = static_cast<std::uint32_t>(config.get_int("ugal.exchange_delay"));
  }
  const std::string engine = config.get_string("simulation.engine");
  if (p.info == UgalGlobalInfo::kOracle && engine != "sequential") {
    const std::string why =
        "'oracle' (the default) makes ugal_global read every router's global queues through a "
        "table outside the LPs' state, exact only on simulation.engine = 'sequential' (one "
        "rank), not on '" +
        engine + "'";
    throw pdes::ConfigError(
        "ugal.global_info",
        why +
            ": set ugal.global_info = 'exchange' (each router sends its global queues to the "
            "routers of its group, rollback-safe, on every engine), or use ugal_local or par");
  }
  if (p.info == UgalGlobalInfo::kExchange && config.is_set("kernel.lookahead")) {
    std::int64_t delay = 0;  // cycles, as the routing will take it
    if (p.exchange_delay) {
      delay = *p.exchange_delay;
    } else if (config.get_string("network.topology") == "dragonfly" &&
               config.is_set("dragonfly.local_latency")) {
      delay = config.get_int("dragonfly.local_latency");
    } else {
      delay = config.get_int("router.link_latency");
    }
    const double lookahead = config.get_float("kernel.lookahead");
    if (static_cast<double>(delay) < lookahead) {
      std::ostringstream text;
      text << "a queue report delay of " << delay << " cycle(s)"
           << (p.exchange_delay ? "" : " (not set: the local links' latency)")
           << " is shorter than kernel.lookahead = " << lookahead
           << " cycles; a report may cross ranks, so it must be at least the lookahead: set "
              "ugal.exchange_delay >= kernel.lookahead, or lower kernel.lookahead";
      throw pdes::ConfigError("ugal.exchange_delay", text.str());
    }
  }
  return p;
}

}  // namespace

void register_dragonfly_ugal_global(RoutingRegistry& registry) {
  // The [ugal] section is ugal_local's (declared once per name, ugal.global_info and
  // ugal.exchange_delay with it); this reader also refuses the oracle on the engines on which
  // its shared board would not be exact.
  io::PartConfig part{"ugal", declare_ugal_section, [](const io::Config& config) -> std::any {
                        return read_ugal_global(config);
                      }};
  registry.add(
      "ugal_global",
      "dragonfly: minimal or via a random group, by the source group's global queues (UGAL-G; "
      "ugal.global_info: oracle, sequential engine only, or exchange)",
      [](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
        return std::make_unique<UgalGlobalRouting>(
            setup.topology, setup.options_or_default<UgalGlobalParams>(), setup.router.buffer_depth,
            setup.router.link_latency);
      },
      std::move(part));
}

}  // namespace net
