// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dragonfly_adaptive_entry.hpp"

#include <limits>
#include <memory>
#include <string>

#include "models/network/routing/dragonfly_adaptive.hpp"

namespace net {

namespace {

std::string queue_estimate_name(QueueEstimate estimate) {
  return estimate == QueueEstimate::kBacklog ? "backlog" : "downstream";
}

}  // namespace

void declare_ugal_section(io::Schema& s) {
  s.describe_section("ugal",
                     "UGAL's comparison, for ugal_local, ugal_global and par (docs/dragonfly.md)");
  s.add_int("ugal.threshold", UgalParams{}.threshold)
      .range(std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max())
      .unit("flits")
      .describe(
          "Bias of UGAL's choice: minimal iff q_min*H_min <= q_nonmin*H_nonmin + threshold "
          "(positive favours minimal routes)");
  s.add_choice("ugal.global_info", "oracle", {"oracle", "exchange"})
      .describe(
          "ugal_global: how a router learns its group's global queues: oracle (read from a table "
          "outside the LPs, exact; sequential engine only) or exchange (each router sends its "
          "global queues to its group over the ideal side channel when they change, at most once "
          "per cycle; rollback-safe, every engine); docs/dragonfly.md");
  s.add_int("ugal.exchange_delay", 1)
      .optional()
      .range(1, 1'000'000)
      .unit("cycles")
      .describe(
          "ugal_global with global_info = exchange: delay of a queue report, at least "
          "kernel.lookahead (not given: the dragonfly's local link latency)");
  s.add_choice("ugal.queue_estimate", queue_estimate_name(UgalParams{}.queue_estimate),
               {"downstream", "backlog"})
      .describe(
          "UGAL's q for an output: downstream (flits in its downstream buffers, credits not "
          "back) or backlog (those plus the flits of the packets whose head waits for it in "
          "the router's input VCs)");
}

UgalParams read_ugal_params(const io::Config& config) {
  UgalParams params;
  params.threshold = config.get_int("ugal.threshold");
  params.queue_estimate = config.get_string("ugal.queue_estimate") == "backlog"
                              ? QueueEstimate::kBacklog
                              : QueueEstimate::kDownstream;  // the schema allows only the two
  return params;
}

namespace {

io::PartConfig ugal_config() {
  return {"ugal", declare_ugal_section, [](const io::Config& config) -> std::any {
            return read_ugal_params(config);
          }};
}

RoutingRegistry::Factory make(DragonflyAdaptiveRouting::Mode mode) {
  return [mode](const RoutingSetup& setup) -> std::unique_ptr<RoutingAlgorithm> {
    return std::make_unique<DragonflyAdaptiveRouting>(
        setup.topology, mode, setup.options_or_default<UgalParams>(), setup.router.buffer_depth);
  };
}

}  // namespace

void register_dragonfly_adaptive(RoutingRegistry& registry) {
  registry.add("ugal_local",
               "dragonfly: minimal or via a random group, by the source router's queues (UGAL-L)",
               make(DragonflyAdaptiveRouting::Mode::kUgalLocal), ugal_config());
  registry.add("par",
               "dragonfly: UGAL-L, decided again after the first local hop (Jiang et al., PAR)",
               make(DragonflyAdaptiveRouting::Mode::kProgressive), ugal_config());
}

}  // namespace net
