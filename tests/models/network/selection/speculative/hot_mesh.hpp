// SPDX-License-Identifier: Apache-2.0
//
// Shared by the exchange tests: a 6x6 Opt-y mesh with two VCs, 8-flit packets and a hot spot of
// the four centre nodes (+20 %), injecting for 2,000 cycles; and a run's mean packet latency.
//
//   const double base = mean_latency(run_network(hot_mesh("straight", 0.2)));
#pragma once

#include <cstdint>

#include "models/network/traffic/hot_spot.hpp"
#include "tests/models/network/network_run.hpp"

namespace net::speculative::testing {

inline constexpr std::int64_t kCycle = 1000;

inline net::NetworkParams hot_mesh(const char* selection, double load) {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {6, 6};
  p.routing = "opt_y";
  p.selection = selection;
  p.router.vcs = 2;
  p.packet_size = 8;
  p.pattern = "hot_spot";
  p.pattern_options = net::traffic::HotSpotParams{{14, 15, 20, 21}, 0.2};
  p.load = load;
  p.injection_end_cycle = 2000;
  return p;
}

/// Mean latency of the delivered packets, in cycles.
inline double mean_latency(const net::testing::NetworkRun& run) {
  double sum = 0;
  for (const auto& d : run.sink.delivered) sum += static_cast<double>(d.latency());
  return sum / static_cast<double>(run.sink.delivered.size()) / kCycle;
}

}  // namespace net::speculative::testing
