// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/message_lp_kinds.hpp"

#include "io/config/configurable_registry.hpp"

#include <memory>
#include <string>

#include "models/network/missions/circuit_manager_lp.hpp"
#include "models/network/missions/message_header.hpp"
#include "models/network/missions/message_node_lp.hpp"
#include "models/network/missions/message_switch_lp.hpp"
#include "models/network/missions/pa_cut_through_lp.hpp"
#include "models/network/missions/pa_switch_lp.hpp"
#include "models/network/missions/policy_registry.hpp"
#include "models/network/topology/hypercube.hpp"

namespace net::missions {

std::uint32_t message_level_dimension(const Topology& topology, const char* key) {
  const auto* cube = dynamic_cast<const Hypercube*>(&topology);
  if (cube == nullptr || topology.num_nodes() != topology.num_routers()) {
    throw pdes::ConfigError(key, "the message-level model (router.kind = \"message_switch\", "
                                 "network.node_kind = \"message_adapter\", workload.kind = "
                                 "\"mission\") needs network.topology = \"hypercube\" with "
                                 "network.concentration = 1");
  }
  if (cube->dimension() > kMaxMissionDimension) {
    throw pdes::ConfigError("network.n", std::to_string(cube->dimension()) +
                                             " is above the largest hypercube dimension of the "
                                             "message-level model, " +
                                             std::to_string(kMaxMissionDimension));
  }
  return cube->dimension();
}

void MessageSwitchKind::add(pdes::Simulation& sim, pdes::LpId id, const RouterArgs& a) const {
  const std::uint32_t n = message_level_dimension(*a.topology, "router.kind");
  if (a.params.node_kind != "message_adapter") {
    throw pdes::ConfigError("network.node_kind",
                            "'" + a.params.node_kind + "' cannot feed router.kind = "
                                                       "\"message_switch\"; use "
                                                       "\"message_adapter\"");
  }
  if (a.params.router.cycle_ps < kMinCycleTicks) {
    throw pdes::ConfigError("router.cycle_ps", "the message-level model needs at least " +
                                                   std::to_string(kMinCycleTicks) +
                                                   " ticks per cycle");
  }
  PolicyRegistry policies;
  register_policies(policies);
  const auto adapter = io::options_or_default<AdapterParams>(a.params.router_kind_options);
  validate(adapter);
  std::shared_ptr<const SchedulingPolicy> policy = policies.create(adapter.policy);
  const auto router = static_cast<std::uint32_t>(a.router);
  // Circuit switching, and DFS under VCT (a DFS probe never leaves a message inside the
  // network: VCT degenerates into circuit switching, §4.2), run on the circuit manager.
  const bool circuit = adapter.switching == "circuit" ||
                       (adapter.switching == "vct" && adapter.routing == "dfs");
  if (circuit) {
    sim.add_lp(id, std::make_unique<const CircuitManagerLp>(router, n, a.layout, adapter,
                                                            std::move(policy),
                                                            a.params.router.cycle_ps));
  } else if (adapter.switching == "vct" && adapter.routing == "pa") {
    sim.add_lp(id, std::make_unique<const PaCutThroughLp>(router, n, a.layout, adapter,
                                                          std::move(policy),
                                                          a.params.router.cycle_ps));
  } else if (adapter.routing == "pa" || adapter.routing == "dfs") {
    sim.add_lp(id, std::make_unique<const PaSwitchLp>(router, n, a.layout, adapter,
                                                      std::move(policy), a.params.router.cycle_ps));
  } else {
    sim.add_lp(id, std::make_unique<const MessageSwitchLp>(router, n, a.layout, adapter,
                                                           std::move(policy),
                                                           a.params.router.cycle_ps));
  }
}

void MessageAdapterKind::add(pdes::Simulation& sim, pdes::LpId id, const NodeArgs& a) const {
  message_level_dimension(*a.topology, "network.node_kind");
  sim.add_lp(id, std::make_unique<const MessageNodeLp>(a.node, a.layout, a.workload,
                                                       a.params.router.cycle_ps,
                                                       a.params.warmup_cycles));
}

}  // namespace net::missions
