// SPDX-License-Identifier: Apache-2.0
#include "models/network/build/lp_kinds.hpp"

#include <algorithm>
#include <memory>

#include "models/network/missions/message_lp_kinds.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/node/node_lp.hpp"
#include "models/network/router/router_lp.hpp"

namespace net {

namespace {

class InputQueuedRouter final : public RouterKind {
 public:
  void add(pdes::Simulation& sim, pdes::LpId id, const RouterArgs& a) const override {
    RouterParams router = a.params.router;
    router.measure_from_ticks =
        static_cast<std::int64_t>(std::min<std::uint64_t>(a.params.warmup_cycles, 1ull << 40)) *
        router.cycle_ps;
    sim.add_lp(id, std::make_unique<const RouterLp>(a.router, router,
                                                    a.params.packet_size, a.layout, a.topology,
                                                    a.routing, a.selection, a.allocator));
  }
};

class NetworkInterfaceNode final : public NodeKind {
 public:
  void add(pdes::Simulation& sim, pdes::LpId id, const NodeArgs& a) const override {
    sim.add_lp(id, std::make_unique<const NodeLp>(a.node, a.params, a.layout, a.topology,
                                                  a.workload, a.scheduler, a.routing));
  }
};

template <class Kind, class Registry>
typename Registry::Factory make() {
  return [] { return std::make_unique<Kind>(); };
}

}  // namespace

void register_router_kinds(RouterKindRegistry& registry) {
  registry.add("input_queued",
               "input-queued VC router, credit flow control; wormhole, VCT or SAF (RouterLp)",
               make<InputQueuedRouter, RouterKindRegistry>());
  registry.add("message_switch",
               "message-level SPIDER-like hypercube adapter, message switching (docs/missions.md)",
               make<missions::MessageSwitchKind, RouterKindRegistry>(),
               io::PartConfig{"adapter", missions::declare_adapter_section,
                              [](const io::Config& config) -> std::any {
                                return missions::adapter_params_from(config);
                              }});
}

void register_node_kinds(NodeKindRegistry& registry) {
  registry.add("network_interface",
               "traffic source, one-port network interface and sink (NodeLp)",
               make<NetworkInterfaceNode, NodeKindRegistry>());
  registry.add("message_adapter",
               "whole messages to and from a message_switch router (docs/missions.md)",
               make<missions::MessageAdapterKind, NodeKindRegistry>());
}

std::vector<std::string> router_kind_names() {
  RouterKindRegistry registry;
  register_router_kinds(registry);
  return registry.names();
}

std::vector<std::string> node_kind_names() {
  NodeKindRegistry registry;
  register_node_kinds(registry);
  return registry.names();
}

}  // namespace net
