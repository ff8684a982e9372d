// SPDX-License-Identifier: Apache-2.0
//
// build_network: LP layout, parameter validation (one SUBCASE per bad value), the size of a
// router's state, and the offered load of the Bernoulli sources.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "models/network/router/router_lp.hpp"
#include "tests/models/network/network_run.hpp"

using net::testing::require_config_error;

TEST_CASE("LP layout: routers first, then nodes") {
  net::NetworkParams p;
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 2};
  p.topology_options_as<net::NetworkSizeKeys>().concentration = 2;
  pdes::Simulation sim(pdes::KernelConfig{});
  const net::NetworkInfo info = net::build_network(sim, p);
  CHECK(sim.lp_count() == 8 + 16);
  CHECK(info.layout.router_lp(7) == pdes::LpId{7});
  CHECK(info.layout.node_lp(0) == pdes::LpId{8});
  CHECK(info.layout.is_router(pdes::LpId{7}));
  CHECK_FALSE(info.layout.is_router(pdes::LpId{8}));
  CHECK(info.layout.node_of(pdes::LpId{23}) == 15);
}

TEST_CASE("bad parameters are ConfigErrors naming the key") {
  net::NetworkParams p;
  SUBCASE("torus with one VC") {
    p.topology = "torus";
    p.router.vcs = 1;
    require_config_error(p, "router.vcs");
  }
  SUBCASE("zero VCs") {
    p.router.vcs = 0;
    require_config_error(p, "router.vcs");
  }
  SUBCASE("VCT buffer smaller than a packet") {
    p.router.switching = net::SwitchingMode::kVirtualCutThrough;
    p.packet_size = 16;
    require_config_error(p, "router.buffer_depth");
  }
  SUBCASE("zero buffer") {
    p.router.buffer_depth = 0;
    require_config_error(p, "router.buffer_depth");
  }
  SUBCASE("zero link latency") {
    p.router.link_latency = 0;
    require_config_error(p, "router.link_latency");
  }
  SUBCASE("zero credit delay") {
    p.router.credit_delay = 0;
    require_config_error(p, "router.credit_delay");
  }
  SUBCASE("load above one flit per cycle") {
    p.load = 1.5;
    require_config_error(p, "traffic.load");
  }
  SUBCASE("zero packet size") {
    p.packet_size = 0;
    require_config_error(p, "traffic.packet_size");
  }
  SUBCASE("unknown routing") {
    p.routing = "no_such_routing";
    require_config_error(p, "network.routing");
  }
  SUBCASE("dimension order on a fat tree") {
    p.topology = "fat_tree";
    p.topology_options = net::NetworkSizeKeys{};
    p.topology_options_as<net::NetworkSizeKeys>().k = 2;
    p.topology_options_as<net::NetworkSizeKeys>().n = 2;
    require_config_error(p, "network.routing");
  }
  SUBCASE("cycle of one tick (allocation runs one tick after the boundary)") {
    p.router.cycle_ps = 1;
    require_config_error(p, "router.cycle_ps");
  }
  SUBCASE("diameter beyond the hop counter") {
    p.topology_options_as<net::NetworkSizeKeys>().dims = {200, 60};
    require_config_error(p, "network.dims");
  }
  SUBCASE("unknown topology") {
    p.topology = "slim_fly";
    require_config_error(p, "network.topology");
  }
  SUBCASE("unknown switching mode") {
    REQUIRE_THROWS_AS(net::parse_switching_mode("circuit"), pdes::ConfigError);
  }
}

TEST_CASE("arbitration policies parse and print") {
  for (auto a : {net::Arbitration::kRoundRobin, net::Arbitration::kAge}) {
    CHECK(net::parse_arbitration(net::to_string(a)) == a);
  }
  REQUIRE_THROWS_AS(net::parse_arbitration("islip"), pdes::ConfigError);
}

TEST_CASE("switching modes parse and print") {
  for (auto m : {net::SwitchingMode::kWormhole, net::SwitchingMode::kVirtualCutThrough,
                 net::SwitchingMode::kStoreAndForward}) {
    CHECK(net::parse_switching_mode(net::to_string(m)) == m);
  }
}

TEST_CASE("state size of a 5-port, 2-VC, 4-flit router") {
  net::RouterState s;
  const std::size_t p = 5, v = 2, b = 4;
  s.size_arrays(p * v, p);
  s.depth = b;
  // Two input VCs holding flits: the slot pool holds two segments, not p * v.
  s.take_segment(s.vcs[0]);
  s.take_segment(s.vcs[7]);
  const std::size_t bytes = s.bytes();
  MESSAGE("RouterState for 5 ports x 2 VCs x 4 flits, 2 VCs in use: "
          << bytes << " bytes (NetEvent " << sizeof(net::NetEvent) << " bytes)");
  // A 56-byte Flit (DRB's ACK kind, width and acknowledged blocking) and its ready time.
  CHECK(sizeof(net::BufferedFlit) == 64);
  // What every event reads: four VCs to a cache line, a port in 24 bytes.
  CHECK(sizeof(net::VcState) == 16);
  CHECK(sizeof(net::PortState) == 24);
  // The ports' totals: flits, heads, head wait and the flits after the warm-up, 32 bytes.
  CHECK(sizeof(net::PortTotals) == 32);
  // VCs, ports and totals in one block of whole cache lines: 160 + 120 + 160 -> 448 bytes;
  // the pool's first growth reserved kFirstSegments segments (two in use).
  CHECK(s.slots.size() == 2 * 4);
  CHECK(bytes == sizeof(net::RouterState) + net::RouterState::kFirstSegments * 4 * 64 + 448);
  CHECK(bytes <= 1600);
}

TEST_CASE("router slot pool: segments are reused last freed first, copies keep the chain") {
  net::RouterState s;
  s.size_arrays(6, 0);
  s.depth = 3;
  s.take_segment(s.vcs[0]);
  s.take_segment(s.vcs[1]);
  s.take_segment(s.vcs[2]);
  CHECK(s.segments == 3);
  CHECK(s.slots.size() == 9);
  s.vcs[2].count = 1;
  s.slots[s.slot_of(s.vcs[2].segment, 0)].flit.seq = 42;
  s.release_segment(s.vcs[0]);
  s.release_segment(s.vcs[1]);
  CHECK(s.free_segment == 1);
  net::RouterState copy;
  copy = s;  // grows copy's pool to s's segments and copies the live slot and the chain
  CHECK(copy == s);
  CHECK(copy.slots.size() == 9);
  CHECK(copy.slots[copy.slot_of(2, 0)].flit.seq == 42);
  copy.take_segment(copy.vcs[4]);
  CHECK(copy.vcs[4].segment == 1);  // the last freed
  copy.take_segment(copy.vcs[5]);
  CHECK(copy.vcs[5].segment == 0);
  CHECK(copy.free_segment == net::VcState::kNoSegment);
  copy.take_segment(copy.vcs[3]);
  CHECK(copy.vcs[3].segment == 3);  // a new one at the end
  CHECK(copy.segments == 4);
  CHECK_FALSE(copy == s);
  // A dead slot differs, the states stay equal; a live one differs, they do not.
  net::RouterState other = s;
  other.slots[other.slot_of(2, 1)].flit.seq = 7;
  CHECK(other == s);
  other.slots[other.slot_of(2, 0)].flit.seq = 7;
  CHECK_FALSE(other == s);
}

TEST_CASE("below saturation, accepted load equals offered load") {
  net::NetworkParams p;
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.packet_size = 4;
  p.load = 0.2;
  p.injection_end_cycle = 5000;
  const auto run = net::testing::run_network(p);
  const double cycles = 5000.0;
  const double offered_packets = p.load / p.packet_size * 16 * cycles;  // 4000
  const double generated = static_cast<double>(run.sink.generated.size());
  CHECK(std::abs(generated - offered_packets) < 4 * std::sqrt(offered_packets));  // 4 sigma
  CHECK(run.sink.delivered.size() == run.sink.generated.size());
  // The mean network latency stays within a few cycles of the zero-load mean.
  double sum = 0, zero = 0;
  for (const auto& d : run.sink.delivered) {
    sum += static_cast<double>(d.network_latency()) / 1000.0;
    zero += 1 + 5.0 * d.hops + (p.packet_size - 1);
  }
  const double n = static_cast<double>(run.sink.delivered.size());
  MESSAGE("mean network latency " << sum / n << " cycles, zero-load " << zero / n);
  CHECK(sum / n >= zero / n);
  CHECK(sum / n < zero / n + 5.0);
}

TEST_CASE("warm-up: only packets created after it are measured") {
  net::NetworkParams p;
  p.load = 0.1;
  p.injection_end_cycle = 400;
  p.warmup_cycles = 200;
  const auto run = net::testing::run_network(p);
  std::size_t measured = 0;
  for (const auto& d : run.sink.delivered) {
    CHECK((d.measured == 1) == (d.created >= 200 * 1000));
    measured += d.measured;
  }
  CHECK(measured > 0);
  CHECK(measured < run.sink.delivered.size());
}

TEST_CASE("RouterState copies and compares live slots only") {
  // 2 ports x 2 VCs x 4 flits; VC 3 holds pool segment 1, its ring two flits wrapping around
  // its end; segment 0 is free.
  net::RouterState a;
  a.size_arrays(4, 2);
  a.depth = 4;
  a.take_segment(a.vcs[0]);
  a.take_segment(a.vcs[3]);
  a.release_segment(a.vcs[0]);
  REQUIRE(a.vcs[3].segment == 1);
  a.vcs[3].front = 3;
  a.vcs[3].count = 2;
  a.slots[1 * 4 + 3].flit.seq = 7;  // live
  a.slots[1 * 4 + 0].flit.seq = 8;  // live (wrapped)
  a.slots[1 * 4 + 1].flit.seq = 99; // dead: a flit that has left
  a.slots[2].flit.seq = 98;         // dead: segment 0 is free (slot 0 links the free chain)

  net::RouterState fresh;
  fresh = a;  // an empty pool grows to a's segments
  CHECK(fresh == a);
  CHECK(fresh.slots.size() == 8);
  CHECK(fresh.slots[2].flit.seq == 0);  // dead slots are not copied

  net::RouterState reused = a;
  for (auto& s : reused.slots) s.flit.seq = 1000;  // same pool, other contents everywhere
  reused.vcs[3].count = 0;
  CHECK_FALSE(reused == a);
  reused = a;
  CHECK(reused == a);
  CHECK(reused.slots[1 * 4 + 3].flit.seq == 7);
  CHECK(reused.slots[1 * 4 + 0].flit.seq == 8);
  CHECK(reused.slots[1 * 4 + 1].flit.seq == 1000);  // dead slots are not copied...
  CHECK(reused.slots[2].flit.seq == 1000);
  a.slots[1 * 4 + 1].flit.seq = 5;                   // ...nor compared
  CHECK(reused == a);
  a.slots[1 * 4 + 0].flit.seq = 5;                   // a live slot is
  CHECK_FALSE(reused == a);
  a.slots[1 * 4 + 0].flit.seq = 8;
  a.totals[1].flits_out = 1;                         // and so is everything else
  CHECK_FALSE(reused == a);
}
