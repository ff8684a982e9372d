// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/latency_summary.hpp"

#include <doctest/doctest.h>

#include "network_run.hpp"

TEST_CASE("LatencySummary: means, split and mean of destination means") {
  net::RouterParams r;  // 1-cycle stages: 5 cycles per hop, link 1
  net::LatencySummary s(r, 4);
  CHECK(s.zero_load_cycles(2, 3) == 1 + 2 * 5 + 2);
  net::PacketDelivered a{0, 1, 0, 3, 2, 1, 0, 0, 0};
  a.created = 0;
  a.injected = 2000;
  a.delivered = a.injected + 15000;  // zero load 13 cycles: 2 cycles of contention
  net::PacketDelivered b = a;
  b.dst = 2;
  b.delivered = b.injected + 13000;
  net::PacketDelivered warm = a;
  warm.measured = 0;
  s.add(a);
  s.add(b);
  s.add(warm);
  CHECK(s.packets() == 2);
  CHECK(s.flits() == 6);
  CHECK(s.mean_network_latency_cycles() == doctest::Approx(14.0));
  CHECK(s.mean_source_wait_cycles() == doctest::Approx(2.0));
  CHECK(s.mean_latency_cycles() == doctest::Approx(16.0));
  CHECK(s.mean_contention_cycles() == doctest::Approx(1.0));
  CHECK(s.mean_hops() == doctest::Approx(2.0));
  CHECK(s.mean_of_destination_means() == doctest::Approx(16.0));
  CHECK(s.accepted_flits_per_node_cycle(3) == doctest::Approx(0.5));
}

TEST_CASE("no packet beats its zero-load latency, even under saturation") {
  for (auto mode : {net::SwitchingMode::kWormhole, net::SwitchingMode::kStoreAndForward}) {
    net::NetworkParams p;
    p.topology = "torus";
    p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
    p.packet_size = 3;
    p.router.switching = mode;
    p.load = 0.9;
    p.injection_end_cycle = 300;
    const auto run = net::testing::run_network(p);
    net::LatencySummary s(p.router, 16);
    for (const auto& d : run.sink.delivered) {
      CHECK(d.network_latency() >= s.zero_load_cycles(d.hops, d.size) * p.router.cycle_ps);
      s.add(d);
    }
    CHECK(s.packets() == run.sink.delivered.size());
    CHECK(s.mean_contention_cycles() > 0.0);
    CHECK(s.mean_source_wait_cycles() > 0.0);
  }
}
