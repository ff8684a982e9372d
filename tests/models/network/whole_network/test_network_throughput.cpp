// SPDX-License-Identifier: Apache-2.0
//
// Throughput against an analytic bound: accepted load never exceeds the channel-load bound of
// the pattern under the routing.
#include <doctest/doctest.h>

#include "tests/models/network/network_run.hpp"

using net::NetworkParams;

TEST_CASE("accepted throughput of an 8x8 mesh under uniform DOR stays below the bisection bound") {
  // Uniform traffic on a k x k mesh loads the bisection channels most: the bound is 4/k = 0.5
  // flits/node/cycle for k = 8 (Dally & Towles 2004, sec. 3.3). DOR reaches 70-90 % of it.
  NetworkParams p;
  p.topology_options_as<net::NetworkSizeKeys>().dims = {8, 8};
  p.packet_size = 1;
  p.load = 0.8;
  pdes::KernelConfig config;
  const std::uint64_t warm = 300, end = 1500;
  config.end_time = p.cycles(end);
  const auto run = net::testing::run_network(p, config);
  std::size_t flits = 0;
  for (const auto& d : run.sink.delivered) {
    if (d.delivered >= p.cycles(warm).ticks()) flits += d.size;
  }
  const double accepted = static_cast<double>(flits) / 64.0 / static_cast<double>(end - warm);
  MESSAGE("8x8 mesh uniform DOR, offered 0.8: accepted " << accepted << " flits/node/cycle");
  CHECK(accepted <= 0.5);
  CHECK(accepted >= 0.35);
}
