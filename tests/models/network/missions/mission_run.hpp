// SPDX-License-Identifier: Apache-2.0
//
// Test helpers for the message-level model: a Q_n of message_switch routers and
// message_adapter nodes, run in-process with a given workload, and the arrival cycle of each
// message from the PacketDelivered records.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "models/network/missions/mission_params.hpp"
#include "models/network/workload/message_list_workload.hpp"
#include "tests/models/network/network_run.hpp"

namespace net::missions::testing {

inline constexpr std::int64_t kCycle = 1000;

/// The mission workloads' options in `p` ([mission] and [adapter]), made if absent.
inline MissionSetup& setup_of(NetworkParams& p) {
  if (std::any_cast<MissionSetup>(&p.workload.options) == nullptr) {
    p.workload.options = MissionSetup{};
  }
  return std::any_cast<MissionSetup&>(p.workload.options);
}
inline MissionParams& mission_of(NetworkParams& p) { return setup_of(p).mission; }
inline AdapterParams& adapter_of(NetworkParams& p) { return setup_of(p).adapter; }
/// The message_switch routers read [adapter] as well: give them the workload's settings, as a
/// configuration file does by giving both the same section.
inline void share_adapter(NetworkParams& p) { p.router_kind_options = setup_of(p).adapter; }

inline NetworkParams cube(std::uint32_t n, const std::string& policy = "fifo",
                          const std::string& links = "half_duplex") {
  NetworkParams p;
  p.topology = "hypercube";
  p.topology_options_as<net::NetworkSizeKeys>().dims.clear();
  p.topology_options_as<net::NetworkSizeKeys>().n = n;
  p.router_kind = "message_switch";
  p.node_kind = "message_adapter";
  p.workload.kind = "mission";
  adapter_of(p).policy = policy;
  adapter_of(p).links = links;
  return p;
}

/// cube() with its `switching` ("message", "circuit", "vct") and `routing` ("ecube", "pa",
/// "dfs") set.
inline NetworkParams adapter_cube(std::uint32_t n, const std::string& policy,
                                  const std::string& switching, const std::string& routing,
                                  const std::string& links = "half_duplex") {
  NetworkParams p = cube(n, policy, links);
  adapter_of(p).switching = switching;
  adapter_of(p).routing = routing;
  return p;
}

inline net::testing::NetworkRun run_cube(NetworkParams p,
                                         std::shared_ptr<const Workload> workload = nullptr,
                                         pdes::EngineKind engine = pdes::EngineKind::sequential) {
  share_adapter(p);
  NetworkParts parts = make_network_parts(p);
  if (workload) parts.workload = std::move(workload);
  pdes::KernelConfig config;
  config.engine = engine;
  net::testing::NetworkRun run;
  pdes::Simulation sim(config);
  run.info = build_network(sim, p, parts);
  sim.set_output_sink(&run.sink);
  run.result = sim.run();
  return run;
}

/// Messages listed per node: {node, {cycle, dst, length, group}}.
inline std::shared_ptr<const Workload> listed(
    std::uint64_t nodes, std::map<NodeId, std::vector<ListedMessage>> by_node) {
  std::vector<std::vector<ListedMessage>> per_node(nodes);
  for (auto& [node, list] : by_node) per_node[node] = list;
  return std::make_shared<MessageListWorkload>(std::move(per_node));
}

/// (src, message id) -> arrival cycle.
inline std::map<std::tuple<std::uint32_t, std::uint32_t>, std::int64_t> arrivals(
    const net::testing::NetworkRun& run) {
  std::map<std::tuple<std::uint32_t, std::uint32_t>, std::int64_t> out;
  for (const PacketDelivered& d : run.sink.delivered) out[{d.src, d.message}] = d.delivered / kCycle;
  return out;
}

/// Three missions of `p` on its cube, `period` cycles apart: every message arrives once over a
/// minimal path (more than 500 of them), and a rollback-checked run gives the same arrivals.
/// Returns the plain run.
inline net::testing::NetworkRun check_missions_rollback_safe(NetworkParams p,
                                                             std::int64_t period = 1000) {
  mission_of(p).count = 3;
  mission_of(p).period = period;
  net::testing::NetworkRun plain = run_cube(p);
  net::testing::check_delivered_exactly_once(plain, net::testing::HopRule::kMinimal, 500);
  const auto checked = run_cube(p, nullptr, pdes::EngineKind::rollback_check);
  CHECK(arrivals(checked) == arrivals(plain));
  return plain;
}

}  // namespace net::missions::testing
