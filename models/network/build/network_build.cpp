// SPDX-License-Identifier: Apache-2.0
#include "models/network/build/network_build.hpp"

#include <string>

#include "models/network/node/node_lp.hpp"
#include "models/network/router/router_lp.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_registry.hpp"

namespace net {

void validate(const NetworkParams& params, const Topology& topology) {
  if (params.packet_size == 0 || params.packet_size > 65535) {
    throw pdes::ConfigError("traffic.packet_size", "must lie in [1, 65535] flits");
  }
  if (!(params.load >= 0.0 && params.load <= 1.0)) {
    throw pdes::ConfigError("traffic.load", "must lie in [0, 1] flits/node/cycle");
  }
  if (topology.max_ports() > 255) {
    throw pdes::ConfigError("network.topology", "routers with more than 255 ports");
  }
  if (topology.diameter() >= 255) {
    // Flit::hops is one byte.
    throw pdes::ConfigError("network.dims", "diameter " + std::to_string(topology.diameter()) +
                                                " exceeds the 254 hops a flit can count");
  }
  for (const ScriptedPacket& sp : params.scripted) {
    if (sp.src >= topology.num_nodes() || sp.dst >= topology.num_nodes() || sp.cycle == 0) {
      throw pdes::ConfigError("traffic.scripted", "scripted packet with a node out of range or "
                                                  "cycle 0");
    }
  }
}

NetworkInfo build_network(pdes::Simulation& sim, const NetworkParams& params) {
  TopologyRegistry topologies;
  register_topologies(topologies);
  std::shared_ptr<const Topology> topology =
      topologies.create(params.topology, params.topology_params);
  validate(params, *topology);
  RoutingRegistry routings;
  register_routings(routings);
  // The routing keeps a reference to the topology; both live as long as the LPs that share them.
  std::shared_ptr<const RoutingAlgorithm> routing =
      routings.create(params.routing, RoutingSetup{*topology});
  params.router.validate(params.packet_size, routing->vc_classes());

  TrafficRegistry patterns;
  register_traffic_patterns(patterns);
  std::shared_ptr<const TrafficPattern> pattern =
      patterns.create(params.pattern, TrafficContext::of(*topology), params.traffic);

  const LpLayout layout{topology->num_routers(), topology->num_nodes()};
  if (sim.lp_count() == 0) sim.set_lp_count(layout.num_lps());
  if (sim.lp_count() != layout.num_lps()) {
    throw pdes::ConfigError("network.topology", "the simulation was set up for " +
                                                    std::to_string(sim.lp_count()) + " LPs, the "
                                                    "network needs " +
                                                    std::to_string(layout.num_lps()));
  }

  NodeParams node_params;
  node_params.packet_size = params.packet_size;
  node_params.load = params.load;
  node_params.warmup_cycles = params.warmup_cycles;
  node_params.injection_end_cycle = params.injection_end_cycle;
  node_params.router = params.router;

  for (pdes::LpId id : sim.local_lps()) {
    if (layout.is_router(id)) {
      sim.add_lp(id, std::make_unique<const RouterLp>(layout.router_of(id), params.router,
                                                      params.packet_size, layout, topology,
                                                      routing));
    } else {
      const NodeId node = layout.node_of(id);
      NodeParams np = node_params;
      for (const ScriptedPacket& sp : params.scripted) {
        if (sp.src == node) np.scripted.push_back(sp);
      }
      sim.add_lp(id,
                 std::make_unique<const NodeLp>(node, np, layout, topology, pattern, routing));
    }
  }
  return {topology, layout};
}

}  // namespace net
