// SPDX-License-Identifier: Apache-2.0
//
// DRB on k-ary n-trees through whole-network runs (docs/drb.md, "Fat trees"): width 1 is
// nca_deterministic bit for bit; beyond saturation every packet is delivered and acknowledged
// exactly once, on a minimal path, with network and ideal ACKs, wormhole and virtual cut-through;
// a hot permutation widens metapaths up to drb.max_width; the state is rollback-safe.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "models/network/routing/drb/drb_routing.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::testing::HopRule;
using net::testing::run_network;

NetworkParams fat_tree(std::uint32_t n, const char* routing, const char* pattern, double load) {
  NetworkParams p;
  p.topology = "fat_tree";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().k = 4;
  p.topology_options_as<net::NetworkSizeKeys>().n = n;
  p.routing = routing;
  p.pattern = pattern;
  p.load = load;
  p.router.vcs = 2;  // DRB: one data class, one ACK class
  p.router.buffer_depth = 4;
  p.packet_size = 4;
  p.routing_options_as<net::drb::DrbParams>().max_width = 4;  // 004 §4.6.3: at most 4 paths
  return p;
}

std::uint64_t non_canonical(const net::testing::NetworkRun& run) {
  std::uint64_t n = 0;
  for (const auto& d : run.sink.delivered) n += d.path != 0 ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("fat-tree DRB with max width 1 is nca_deterministic bit for bit") {
  NetworkParams nca = fat_tree(2, "nca_deterministic", "bit_reversal", 0.6);
  nca.router.vcs = 1;
  nca.injection_end_cycle = 400;
  NetworkParams drb = nca;
  drb.routing = "drb";
  drb.routing_options_as<net::drb::DrbParams>().max_width = 1;
  const auto a = run_network(nca);
  const auto b = run_network(drb);
  CHECK(a.result.total.event_digest == b.result.total.event_digest);
  REQUIRE(a.sink.delivered.size() == b.sink.delivered.size());
  REQUIRE(a.sink.delivered.size() > 300);
  for (std::size_t i = 0; i < a.sink.delivered.size(); ++i) {
    const net::PacketDelivered& x = a.sink.delivered[i];
    const net::PacketDelivered& y = b.sink.delivered[i];
    CHECK(std::tie(x.src, x.dst, x.seq, x.hops, x.delivered, x.blocked_cycles) ==
          std::tie(y.src, y.dst, y.seq, y.hops, y.delivered, y.blocked_cycles));
  }
  CHECK(b.sink.acks.empty());
}

TEST_CASE("fat-tree DRB beyond saturation: delivered and acknowledged once, minimal paths") {
  for (const net::drb::AckDelivery ack : {net::drb::AckDelivery::kNetwork, net::drb::AckDelivery::kIdeal}) {
    for (const net::SwitchingMode mode :
         {net::SwitchingMode::kWormhole, net::SwitchingMode::kVirtualCutThrough}) {
      CAPTURE(static_cast<int>(ack));
      CAPTURE(static_cast<int>(mode));
      NetworkParams p = fat_tree(3, "drb", "transpose", 0.9);
      p.router.switching = mode;
      p.routing_options_as<net::drb::DrbParams>().ack = ack;
      p.injection_end_cycle = 400;
      const auto run = run_network(p);
      // Every MSP goes through a nearest common ancestor: all paths are minimal.
      net::testing::check_delivered_exactly_once(run, HopRule::kMinimal, 1000);
      std::uint64_t acks = 0;
      for (const auto& a : run.sink.acks) acks += a.size == (ack == net::drb::AckDelivery::kNetwork);
      // Packets between two nodes of one leaf switch are not acknowledged (docs/drb.md,
      // "Self-addressed packets").
      std::uint64_t acknowledged = 0;
      const net::Topology& topo = *run.info.topology;
      for (const auto& d : run.sink.delivered) {
        acknowledged += topo.router_of_node(d.src) != topo.router_of_node(d.dst) ? 1 : 0;
      }
      CHECK(acks == acknowledged);
      CHECK(non_canonical(run) > 0);
    }
  }
}

TEST_CASE("fat-tree DRB widens under a hot permutation, up to drb.max_width paths") {
  // Transpose on the 64-node 4-ary 3-tree: d-mod-k sends the 4 sources of a leaf that share
  // a destination digit up one port; the metapaths open the other NCAs.
  NetworkParams p = fat_tree(3, "drb", "transpose", 0.5);
  p.injection_end_cycle = 2000;
  p.warmup_cycles = 200;
  const auto run = run_network(p);
  std::uint32_t widest = 0;
  for (const auto& d : run.sink.delivered) widest = std::max<std::uint32_t>(widest, d.width);
  CHECK(widest == 4);
  CHECK(non_canonical(run) > run.sink.delivered.size() / 10);
}

TEST_CASE("fat-tree DRB on transpose: far below d-mod-k, above oblivious spreading") {
  // docs/reproduction/drb.md, "Fat trees", at reduced size: 16-flit packets at 0.3 on the
  // 4-ary 3-tree; d-mod-k saturates, DRB removes most of its contention, random up ports
  // (which spread every pair over all its NCAs from the first packet) stay below DRB.
  auto latency = [](const char* routing) {
    NetworkParams p = fat_tree(3, routing, "transpose", 0.3);
    p.router.vcs = 4;
    p.router.buffer_depth = 32;
    p.router.switching = net::SwitchingMode::kVirtualCutThrough;
    p.packet_size = 16;
    p.injection_end_cycle = 4000;
    p.warmup_cycles = 1000;
    const auto run = run_network(p);
    double sum = 0;
    std::uint64_t n = 0;
    for (const auto& d : run.sink.delivered) {
      if (d.measured == 0) continue;
      sum += static_cast<double>(d.latency());
      ++n;
    }
    REQUIRE(n > 0);
    return sum / static_cast<double>(n);
  };
  const double drb = latency("drb");
  const double dmodk = latency("nca_deterministic");
  const double random = latency("nca_random");
  CAPTURE(drb);
  CAPTURE(dmodk);
  CAPTURE(random);
  CHECK(drb < 0.5 * dmodk);
  CHECK(random < drb);
}

TEST_CASE("rollback-check: fat-tree DRB's metapaths and ACKs are State") {
  NetworkParams p = fat_tree(3, "drb", "transpose", 0.7);
  p.injection_end_cycle = 200;
  pdes::KernelConfig config;
  const auto seq = run_network(p, config);
  config.engine = pdes::EngineKind::rollback_check;
  const auto chk = run_network(p, config);
  CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
  CHECK(chk.sink.delivered.size() == seq.sink.delivered.size());
  CHECK(chk.sink.acks.size() == seq.sink.acks.size());
  CHECK(non_canonical(seq) > 0);
}

TEST_CASE("fat-tree DRB configuration errors name the key") {
  NetworkParams p = fat_tree(2, "drb", "uniform", 0.1);
  p.router.vcs = 1;  // data + ACK classes
  p.routing_options_as<net::drb::DrbParams>().ack_vcs = net::drb::AckVcs::kReserved;
  net::testing::require_config_error(p, "router.vcs");
  p = fat_tree(2, "drb", "uniform", 0.1);
  p.routing_options_as<net::drb::DrbParams>().eject_at_intermediates = true;
  net::testing::require_config_error(p, "drb.eject_at_intermediates");
}
