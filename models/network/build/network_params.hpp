// SPDX-License-Identifier: Apache-2.0
//
// NetworkParams: everything build_network needs to set up a network simulation, as a plain
// struct with defaults (the config layer will fill it from TOML; tests fill it directly).
//
// Units: delays in cycles (RouterParams::cycle_ps ticks each, default 1000 ps), load in
// flits/node/cycle, packet size in flits.
//
// Traffic: without `phases`, every node sends with `pattern` (parameters `pattern_options`) at offered
// load `load` from cycle 1 until injection_end_cycle; with `phases`, the phases replace
// pattern, pattern_options and load (node/traffic_phase.hpp), repeated phases_repeat times
// (kRepeatForever: until injection_end_cycle). In both cases arrivals follow `injection`
// (node/injection_params.hpp).
//
// Zero-load latency (head injected -> tail delivered) of a P-flit packet between nodes whose
// routers are D hops apart, with H = D + 1 routers traversed and per-hop delay
// h = routing + vc_alloc + sw_alloc + st + link:
//   wormhole, VCT:  link + H * h + (P - 1)              cycles
//   SAF:            link + H * (h + P - 1) + (P - 1)    cycles
// provided buffer_depth covers the credit round trip (st + link + sw_alloc + credit_delay).
#pragma once

#include <any>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "models/network/node/injection_params.hpp"
#include "models/network/node/node_params.hpp"
#include "models/network/node/traffic_phase.hpp"
#include "models/network/router/router_params.hpp"
#include "models/network/routing/torus_tie.hpp"
#include "models/network/topology/network_size_keys.hpp"
#include "models/network/workload/workload_params.hpp"
#include "pdes/sim_time.hpp"

namespace net {

struct NetworkParams {
  std::string topology = "mesh";  ///< a name of topology/topology_registry.cpp
  /// The topology's own parameters (its io::PartConfig section): for the classic topologies a
  /// NetworkSizeKeys.
  std::any topology_options = NetworkSizeKeys{{4, 4}, std::nullopt, std::nullopt, std::nullopt};
  std::string routing = "dimension_order";  ///< a name of routing_registry.cpp
  /// network.torus_tie: dimension order's way at a torus half-way tie (routing/torus_tie.hpp).
  /// balanced by default since issue 15 (plus loaded the + channels 1.25x under uniform traffic).
  TorusTie torus_tie = TorusTie::kBalanced;
  std::string selection = "max_credits";    ///< a name of selection/selection_registry.cpp
  std::string router_kind = "input_queued";     ///< the router LP class (build/lp_kinds.hpp)
  std::string node_kind = "network_interface";  ///< the compute-node LP class
  /// The LP kinds' own parameters (their io::PartConfig), e.g. the message_switch kind's
  /// missions::AdapterParams; empty: none or defaults.
  std::any router_kind_options;
  std::any node_kind_options;
  RouterParams router;
  /// The routing's own parameters (its io::PartConfig section, routing_registry.hpp), e.g. a
  /// routing's parameters struct; empty: the routing's defaults.
  std::any routing_options;
  /// The selection function's own parameters (its io::PartConfig section,
  /// selection/selection_registry.hpp); empty: its defaults.
  std::any selection_options;
  /// router.allocator: the switch allocator (router/allocators/allocator_registry.cpp), and its
  /// own parameters (its section, e.g. router.islip); empty: its defaults.
  std::string allocator = "greedy_output_first";
  std::any allocator_options;
  std::string pattern = "uniform";  ///< a name of traffic/traffic_registry.cpp
  /// The pattern's own parameters (its PatternConfig, traffic/pattern_config.hpp), e.g. a
  /// traffic::HotSpotParams; empty: none.
  std::any pattern_options;
  std::uint32_t packet_size = 1;     ///< flits
  double load = 0.1;                 ///< flits / node / cycle, in [0, 1]
  InjectionParams injection;         ///< the arrival process
  std::vector<TrafficPhase> phases;  ///< empty: steady traffic (pattern, traffic, load)
  std::uint64_t phases_repeat = kRepeatForever;
  std::uint64_t warmup_cycles = 0;
  /// No packet is generated at or after this cycle (the drain follows).
  std::uint64_t injection_end_cycle = std::numeric_limits<std::uint64_t>::max();
  std::vector<ScriptedPacket> scripted;  ///< extra packets at given cycles (tests)
  /// What the nodes send: the synthetic traffic above (default) or another workload, and the
  /// order in which each node sends its queued messages.
  WorkloadParams workload;

  /// The topology options as T, created with T's defaults if there are none or they are of
  /// another type (tests and benchmarks choose a topology's size this way).
  template <class T>
  T& topology_options_as() {
    if (std::any_cast<T>(&topology_options) == nullptr) topology_options = T{};
    return std::any_cast<T&>(topology_options);
  }

  /// The routing options as T, created with T's defaults if there are none yet (tests and
  /// benchmarks set an algorithm's parameters this way).
  template <class T>
  T& routing_options_as() {
    if (!routing_options.has_value()) routing_options = T{};
    return std::any_cast<T&>(routing_options);
  }

  /// The selection options as T, created with T's defaults if there are none yet.
  template <class T>
  T& selection_options_as() {
    if (!selection_options.has_value()) selection_options = T{};
    return std::any_cast<T&>(selection_options);
  }

  /// Ticks per cycle, for converting cycle counts into KernelConfig::end_time.
  pdes::SimTime cycles(std::uint64_t n) const {
    return pdes::SimTime{static_cast<std::int64_t>(n) * router.cycle_ps};
  }
};

}  // namespace net
