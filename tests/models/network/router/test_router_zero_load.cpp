// SPDX-License-Identifier: Apache-2.0
//
// Zero-load latency of single packets equals the analytic value exactly (router_params.hpp):
//   wormhole, VCT:  L + H * (RC + VA + SA + ST + L) + (P - 1)
//   SAF:            L + H * (RC + VA + SA + ST + L + P - 1) + (P - 1)
// with H = router distance + 1, on mesh, torus and hypercube, for every pair from node 0 and
// a few more sources.
#include <doctest/doctest.h>

#include <string>

#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::SwitchingMode;

std::int64_t analytic_cycles(const NetworkParams& p, std::uint32_t distance) {
  const net::RouterParams& r = p.router;
  const std::int64_t h = r.routing_delay + r.vc_alloc_delay + r.sw_alloc_delay + r.st_delay +
                         r.link_latency;
  const std::int64_t serial = p.packet_size - 1;
  const std::int64_t routers = distance + 1;
  const std::int64_t per_hop =
      h + (r.switching == SwitchingMode::kStoreAndForward ? serial : 0);
  return r.link_latency + routers * per_hop + serial;
}

// Sends one packet at a time (each in its own run) so that packets never meet.
void check_all_pairs_from(NetworkParams p, const std::vector<std::uint64_t>& sources) {
  p.load = 0.0;
  net::testing::NetworkRun probe = net::testing::run_network(p);
  const auto& topo = *probe.info.topology;
  for (std::uint64_t src : sources) {
    for (std::uint64_t dst = 0; dst < topo.num_nodes(); ++dst) {
      NetworkParams q = p;
      q.scripted = {{src, dst, 3}};
      net::testing::NetworkRun run = net::testing::run_network(q);
      REQUIRE(run.sink.delivered.size() == 1);
      const net::PacketDelivered& d = run.sink.delivered[0];
      const std::uint32_t distance =
          topo.distance(topo.router_of_node(src), topo.router_of_node(dst));
      CAPTURE(src);
      CAPTURE(dst);
      CHECK(d.hops == distance + 1);
      CHECK(d.injected == d.created);
      CHECK(d.network_latency() == analytic_cycles(q, distance) * q.router.cycle_ps);
    }
  }
}

NetworkParams params(std::string topology, std::vector<std::uint32_t> dims,
                     std::uint32_t packet_size, SwitchingMode mode) {
  NetworkParams p;
  p.topology = std::move(topology);
  p.topology_options = net::NetworkSizeKeys{};
  if (p.topology == "hypercube") {
    p.topology_options_as<net::NetworkSizeKeys>().n = dims[0];
  } else {
    p.topology_options_as<net::NetworkSizeKeys>().dims = std::move(dims);
  }
  p.packet_size = packet_size;
  p.router.switching = mode;
  p.router.buffer_depth = 8;
  return p;
}

}  // namespace

TEST_CASE("zero-load latency is exact on a mesh") {
  for (auto mode : {SwitchingMode::kWormhole, SwitchingMode::kVirtualCutThrough,
                    SwitchingMode::kStoreAndForward}) {
    for (std::uint32_t size : {1u, 4u}) {
      CAPTURE(std::string(net::to_string(mode)));
      CAPTURE(size);
      check_all_pairs_from(params("mesh", {4, 3}, size, mode), {0, 5});
    }
  }
}

TEST_CASE("zero-load latency is exact on a torus, across the datelines") {
  for (auto mode : {SwitchingMode::kWormhole, SwitchingMode::kStoreAndForward}) {
    for (std::uint32_t size : {1u, 5u}) {
      CAPTURE(size);
      check_all_pairs_from(params("torus", {5, 4}, size, mode), {0, 13, 19});
    }
  }
}

TEST_CASE("zero-load latency is exact on a hypercube (e-cube)") {
  for (std::uint32_t size : {1u, 3u}) {
    check_all_pairs_from(params("hypercube", {4}, size, SwitchingMode::kWormhole), {0, 9});
  }
}

TEST_CASE("zero-load latency follows every pipeline parameter") {
  NetworkParams p = params("mesh", {4, 4}, 3, SwitchingMode::kWormhole);
  p.router.routing_delay = 2;
  p.router.vc_alloc_delay = 0;
  p.router.sw_alloc_delay = 3;
  p.router.st_delay = 2;
  p.router.link_latency = 4;
  p.router.credit_delay = 2;
  p.router.buffer_depth = 16;
  p.router.cycle_ps = 500;
  check_all_pairs_from(p, {0, 6});
}

TEST_CASE("a self-addressed packet crosses its own router once") {
  NetworkParams p = params("mesh", {2, 2}, 2, SwitchingMode::kWormhole);
  p.load = 0.0;
  p.scripted = {{3, 3, 1}};
  net::testing::NetworkRun run = net::testing::run_network(p);
  REQUIRE(run.sink.delivered.size() == 1);
  CHECK(run.sink.delivered[0].hops == 1);
  CHECK(run.sink.delivered[0].network_latency() == analytic_cycles(p, 0) * 1000);
}

TEST_CASE("an idle network costs no events") {
  NetworkParams p = params("mesh", {8, 8}, 4, SwitchingMode::kWormhole);
  p.load = 0.0;
  CHECK(net::testing::run_network(p).result.total.events_processed == 0);
  // One packet over distance D: events grow with flits x hops, not with routers or cycles.
  p.scripted = {{0, 63, 1}};
  const net::testing::NetworkRun run = net::testing::run_network(p);
  REQUIRE(run.sink.delivered.size() == 1);
  const std::uint64_t flit_hops = 4 * (14 + 1);
  CHECK(run.result.total.events_processed <= 6 * flit_hops + 20);
}

TEST_CASE("zero-load latency is exact with concentration and in three dimensions") {
  NetworkParams p = params("mesh", {3, 2}, 2, SwitchingMode::kWormhole);
  p.topology_options_as<net::NetworkSizeKeys>().concentration = 2;
  check_all_pairs_from(p, {0, 3, 11});
  check_all_pairs_from(params("torus", {3, 3, 3}, 3, SwitchingMode::kWormhole), {0, 26});
  check_all_pairs_from(params("mesh", {2, 3, 2}, 1, SwitchingMode::kVirtualCutThrough), {7});
}

TEST_CASE("the cost of a packet does not depend on the size of the network around it") {
  // The same 6-hop route (0,0) -> (3,3) in a 4x4 and in a 16x16 mesh: identical event counts.
  NetworkParams small = params("mesh", {4, 4}, 4, SwitchingMode::kWormhole);
  small.load = 0.0;
  small.scripted = {{0, 15, 1}};
  NetworkParams large = params("mesh", {16, 16}, 4, SwitchingMode::kWormhole);
  large.load = 0.0;
  large.scripted = {{0, 3 * 16 + 3, 1}};
  const auto a = net::testing::run_network(small);
  const auto b = net::testing::run_network(large);
  REQUIRE(a.sink.delivered.size() == 1);
  REQUIRE(b.sink.delivered.size() == 1);
  CHECK(a.sink.delivered[0].network_latency() == b.sink.delivered[0].network_latency());
  CHECK(a.result.total.events_processed == b.result.total.events_processed);
}

TEST_CASE("two worms meeting at one output: the loser waits exactly one packet time") {
  // A 3-router line (1D mesh), one VC. Node 0's head reaches router 1 (on its -x port) in the same cycle as the
  // head that node 1 injected 5 cycles (one hop) later; round robin starting after input VC 0
  // favours the -x port (input VC 1) over the terminal port (input VC 2). The loser's head
  // takes the VC in the cycle after the winner's tail leaves: P cycles late.
  for (std::uint32_t size : {1u, 4u}) {
    NetworkParams p = params("mesh", {3}, size, SwitchingMode::kWormhole);
    p.router.vcs = 1;
    p.load = 0.0;
    p.scripted = {{0, 2, 10}, {1, 2, 15}};
    const auto run = net::testing::run_network(p);
    REQUIRE(run.sink.delivered.size() == 2);
    for (const auto& d : run.sink.delivered) {
      CAPTURE(d.src);
      const std::int64_t cycles = d.network_latency() / 1000;
      if (d.src == 0) CHECK(cycles == analytic_cycles(p, 2));
      if (d.src == 1) CHECK(cycles == analytic_cycles(p, 1) + size);
    }
  }
}

TEST_CASE("two worms on two VCs share the output link flit by flit") {
  // As above with two VCs: both heads ask for VC 0 in the same cycle; the winner takes it, the
  // loser takes VC 1 a cycle later, and round robin then alternates the two worms on the link.
  // The winner's tail is P-1 cycles late, the loser's P cycles.
  for (std::uint32_t size : {1u, 4u}) {
    NetworkParams p = params("mesh", {3}, size, SwitchingMode::kWormhole);
    p.router.vcs = 2;
    p.load = 0.0;
    p.scripted = {{0, 2, 10}, {1, 2, 15}};
    const auto run = net::testing::run_network(p);
    REQUIRE(run.sink.delivered.size() == 2);
    for (const auto& d : run.sink.delivered) {
      CAPTURE(d.src);
      const std::int64_t cycles = d.network_latency() / 1000;
      if (d.src == 0) CHECK(cycles == analytic_cycles(p, 2) + (size - 1));
      if (d.src == 1) CHECK(cycles == analytic_cycles(p, 1) + size);
    }
  }
}
