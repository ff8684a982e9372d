// SPDX-License-Identifier: Apache-2.0
//
// DRB through whole-network runs (models/network/routing/drb/drb_routing.hpp): width 1 is DOR bit
// for bit; every packet is delivered exactly once and acknowledged exactly once, beyond
// saturation, with network and ideal ACKs; packets really take non-canonical MSPs under
// permutation traffic, on routes no longer than their MSP; DRB beats DOR on bit-reversal; the
// Valiant extreme matches Valiant's path lengths; the state is rollback-safe.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

#include "models/network/routing/drb/drb_routing.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::testing::HopRule;
using net::testing::run_network;

NetworkParams torus(std::uint32_t k, const char* routing, const char* pattern, double load) {
  NetworkParams p;
  p.topology = "torus";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {k, k};
  p.routing = routing;
  p.pattern = pattern;
  p.load = load;
  p.router.vcs = 8;  // DRB on a torus: 3 phases (+ ACKs when reserved) x 2 dateline classes
  p.router.buffer_depth = 4;
  p.packet_size = 4;
  return p;
}

double mean_latency(const net::testing::NetworkRun& run) {
  double sum = 0;
  std::uint64_t n = 0;
  for (const auto& d : run.sink.delivered) {
    if (d.measured == 0) continue;
    sum += static_cast<double>(d.latency());
    ++n;
  }
  REQUIRE(n > 0);
  return sum / static_cast<double>(n);
}

std::uint64_t non_canonical(const net::testing::NetworkRun& run) {
  std::uint64_t n = 0;
  for (const auto& d : run.sink.delivered) n += d.path != 0 ? 1 : 0;
  return n;
}

/// Every delivered data packet was acknowledged exactly once, to its source, with its path,
/// except a self-addressed one (concentration 1: src == dst), which is not acknowledged at all
/// (DrbRouting::acknowledges).
void check_acked_exactly_once(const net::testing::NetworkRun& run, std::uint8_t ack_size) {
  std::map<std::tuple<std::uint32_t, std::uint32_t>, const net::AckDelivered*> acks;
  for (const auto& a : run.sink.acks) {
    CHECK(a.size == ack_size);
    CHECK(a.delivered > a.created);
    REQUIRE(acks.emplace(std::make_tuple(a.dst, a.seq), &a).second);
  }
  std::size_t self_addressed = 0;
  for (const auto& d : run.sink.delivered) {
    const auto it = acks.find(std::make_tuple(d.src, d.seq));
    if (d.src == d.dst) {
      CHECK(it == acks.end());
      ++self_addressed;
      continue;
    }
    REQUIRE(it != acks.end());
    CHECK(it->second->src == d.dst);
    CHECK(it->second->path == d.path);
    CHECK(it->second->created == d.delivered);
  }
  CHECK(acks.size() + self_addressed == run.sink.delivered.size());
}

}  // namespace

TEST_CASE("DRB with max width 1 is DOR bit for bit: same events, same packets, no ACKs") {
  for (const char* topology : {"mesh", "torus"}) {
    CAPTURE(topology);
    NetworkParams dor = torus(4, "dimension_order", "bit_reversal", 0.5);
    dor.topology = topology;
    dor.router.vcs = 2;
    dor.injection_end_cycle = 400;
    NetworkParams drb = dor;
    drb.routing = "drb";
    drb.routing_options_as<net::drb::DrbParams>().max_width = 1;
    const auto a = run_network(dor);
    const auto b = run_network(drb);
    CHECK(a.result.total.event_digest == b.result.total.event_digest);
    CHECK(a.result.total.events_committed == b.result.total.events_committed);
    REQUIRE(a.sink.delivered.size() == b.sink.delivered.size());
    REQUIRE(a.sink.delivered.size() > 300);
    for (std::size_t i = 0; i < a.sink.delivered.size(); ++i) {
      const net::PacketDelivered& x = a.sink.delivered[i];
      const net::PacketDelivered& y = b.sink.delivered[i];
      CHECK(std::tie(x.src, x.dst, x.seq, x.hops, x.created, x.injected, x.delivered,
                     x.blocked_cycles, x.path) == std::tie(y.src, y.dst, y.seq, y.hops, y.created,
                                                           y.injected, y.delivered,
                                                           y.blocked_cycles, y.path));
    }
    CHECK(b.sink.acks.empty());
  }
}

TEST_CASE("DRB beyond saturation: every packet delivered and acknowledged exactly once") {
  // Network ACKs in the data classes (shared, the default) and in classes of their own.
  struct Acks {
    net::drb::AckDelivery delivery;
    net::drb::AckVcs vcs;
  };
  for (const Acks ack : {Acks{net::drb::AckDelivery::kNetwork, net::drb::AckVcs::kShared},
                         Acks{net::drb::AckDelivery::kNetwork, net::drb::AckVcs::kReserved},
                         Acks{net::drb::AckDelivery::kIdeal, net::drb::AckVcs::kShared}}) {
    for (const net::SwitchingMode mode :
         {net::SwitchingMode::kWormhole, net::SwitchingMode::kVirtualCutThrough}) {
      CAPTURE(static_cast<int>(ack.delivery));
      CAPTURE(static_cast<int>(ack.vcs));
      CAPTURE(static_cast<int>(mode));
      NetworkParams p = torus(4, "drb", "bit_reversal", 0.8);
      p.router.switching = mode;
      p.routing_options_as<net::drb::DrbParams>().ack = ack.delivery;
      p.routing_options_as<net::drb::DrbParams>().ack_vcs = ack.vcs;
      p.routing_options_as<net::drb::DrbParams>().source_size = 1;
      p.routing_options_as<net::drb::DrbParams>().destination_size = 1;
      p.injection_end_cycle = 600;
      const auto run = run_network(p);
      net::testing::check_delivered_exactly_once(run, HopRule::kNonMinimal, 300);
      check_acked_exactly_once(run, ack.delivery == net::drb::AckDelivery::kNetwork ? 1 : 0);
      CHECK(non_canonical(run) > 0);
      for (const auto& d : run.sink.delivered) {
        CHECK(d.width >= 1);
        CHECK(d.width <= p.routing_options_as<net::drb::DrbParams>().max_width);
        if (d.path == 0) CHECK(d.hops == d.min_hops);
      }
    }
  }
}

TEST_CASE("DRB with ejection at the intermediate nodes: conservation, one extra router per stop") {
  for (const net::SwitchingMode mode :
       {net::SwitchingMode::kWormhole, net::SwitchingMode::kStoreAndForward}) {
    CAPTURE(static_cast<int>(mode));
    NetworkParams p = torus(4, "drb", "bit_reversal", 0.8);
    p.router.switching = mode;
    p.routing_options_as<net::drb::DrbParams>().eject_at_intermediates = true;
    p.injection_end_cycle = 600;
    const auto run = run_network(p);
    net::testing::check_delivered_exactly_once(run, HopRule::kNonMinimal, 300);
    check_acked_exactly_once(run, 1);
    CHECK(non_canonical(run) > 0);
    // Same MSP choices as without ejection up to the first divergence; compare path lengths:
    // a packet that stops at X or Y crosses that router twice.
    NetworkParams through = p;
    through.routing_options_as<net::drb::DrbParams>().eject_at_intermediates = false;
    const auto direct = run_network(through);
    auto mean_extra_hops = [](const net::testing::NetworkRun& r) {
      double extra = 0;
      std::uint64_t n = 0;
      for (const auto& d : r.sink.delivered) {
        if (d.path == 0) continue;
        extra += d.hops - d.min_hops;
        ++n;
      }
      return n == 0 ? 0.0 : extra / static_cast<double>(n);
    };
    CHECK(mean_extra_hops(run) > mean_extra_hops(direct) + 0.5);
  }
}

TEST_CASE("DRB on a mesh and a hypercube: conservation with non-canonical paths") {
  for (const char* topology : {"mesh", "hypercube"}) {
    CAPTURE(topology);
    NetworkParams p = torus(4, "drb", "transpose", 0.7);
    p.topology = topology;
    if (std::string(topology) == "hypercube") {
      p.topology_options_as<net::NetworkSizeKeys>().dims.clear();
      p.topology_options_as<net::NetworkSizeKeys>().n = 4;
      p.pattern = "bit_reversal";
    }
    p.router.vcs = 4;  // 3 phases + ACKs
    p.injection_end_cycle = 600;
    const auto run = run_network(p);
    net::testing::check_delivered_exactly_once(run, HopRule::kNonMinimal, 300);
    check_acked_exactly_once(run, 1);
    CHECK(non_canonical(run) > 0);
  }
}

TEST_CASE("DRB at low uniform load stays on the canonical paths and matches DOR's latency") {
  NetworkParams dor = torus(8, "dimension_order", "uniform", 0.05);
  dor.injection_end_cycle = 3000;
  dor.warmup_cycles = 500;
  NetworkParams drb = dor;
  drb.routing = "drb";
  const auto a = run_network(dor);
  const auto b = run_network(drb);
  const double ratio = mean_latency(b) / mean_latency(a);
  CAPTURE(ratio);
  CHECK(ratio < 1.05);
  CHECK(static_cast<double>(non_canonical(b)) < 0.05 * static_cast<double>(b.sink.delivered.size()));
}

TEST_CASE("DRB beats DOR on bit-reversal near DOR's saturation (seed 000 §4)") {
  NetworkParams dor = torus(8, "dimension_order", "bit_reversal", 0.3);
  dor.packet_size = 10;  // as in the paper's §4
  dor.router.buffer_depth = 10;
  dor.injection_end_cycle = 3000;
  dor.warmup_cycles = 1000;
  NetworkParams drb = dor;
  drb.routing = "drb";
  const auto a = run_network(dor);
  const auto b = run_network(drb);
  const double dor_latency = mean_latency(a);
  const double drb_latency = mean_latency(b);
  CAPTURE(dor_latency);
  CAPTURE(drb_latency);
  CAPTURE(non_canonical(b));
  CHECK(drb_latency < 0.5 * dor_latency);
  // Accepted throughput over the injection period: DRB delivers more of what was offered.
  auto delivered_by = [](const net::testing::NetworkRun& run, std::int64_t t) {
    std::uint64_t n = 0;
    for (const auto& d : run.sink.delivered) n += d.delivered <= t ? 1 : 0;
    return n;
  };
  const std::int64_t end = 3000 * dor.router.cycle_ps;
  CHECK(delivered_by(b, end) > delivered_by(a, end));
}

TEST_CASE("the Valiant extreme of DRB: X uniform over the network, Valiant's path lengths") {
  NetworkParams p = torus(4, "drb", "uniform", 0.1);
  p.packet_size = 1;
  p.injection_end_cycle = 3000;
  p.routing_options_as<net::drb::DrbParams>().source_size = 4;  // the diameter of a 4x4 torus: every router
  p.routing_options_as<net::drb::DrbParams>().destination_size = 0;
  p.routing_options_as<net::drb::DrbParams>().distinct_paths = false;
  p.routing_options_as<net::drb::DrbParams>().max_width = 16;
  p.routing_options_as<net::drb::DrbParams>().initial_width = 16;
  p.routing_options_as<net::drb::DrbParams>().controller = net::drb::WidthRule::kFixed;
  p.routing_options_as<net::drb::DrbParams>().selection = net::drb::SelectionRule::kUniform;
  NetworkParams valiant = p;
  valiant.routing = "valiant";
  valiant.router.vcs = 4;
  const auto d = run_network(p);
  const auto v = run_network(valiant);
  net::testing::check_delivered_exactly_once(d, HopRule::kNonMinimal, 1000);
  auto mean_hops = [](const net::testing::NetworkRun& run) {
    double sum = 0;
    for (const auto& x : run.sink.delivered) sum += x.hops;
    return sum / static_cast<double>(run.sink.delivered.size());
  };
  // Mean router distance on a 4x4 torus is 2 per phase, so about 1 + 2 + 2 routers.
  CAPTURE(mean_hops(d));
  CAPTURE(mean_hops(v));
  CHECK(mean_hops(d) == doctest::Approx(mean_hops(v)).epsilon(0.05));
  std::set<std::uint8_t> paths;
  for (const auto& x : d.sink.delivered) paths.insert(x.path);
  CHECK(paths.size() == 16);  // every router served as X
}

TEST_CASE("rollback-check: DRB keeps its metapaths, ACK and transit queues in State") {
  for (const net::drb::AckDelivery ack : {net::drb::AckDelivery::kNetwork, net::drb::AckDelivery::kIdeal}) {
    NetworkParams p = torus(4, "drb", "bit_reversal", 0.7);
    p.routing_options_as<net::drb::DrbParams>().ack = ack;
    p.routing_options_as<net::drb::DrbParams>().eject_at_intermediates = ack == net::drb::AckDelivery::kNetwork;
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
}

TEST_CASE("bad DRB parameters are configuration errors naming the key") {
  NetworkParams p = torus(4, "drb", "uniform", 0.1);
  p.routing_options_as<net::drb::DrbParams>().max_width = 0;
  net::testing::require_config_error(p, "drb.max_width");
  p = torus(4, "drb", "uniform", 0.1);
  p.routing_options_as<net::drb::DrbParams>().tolerance = 30;
  net::testing::require_config_error(p, "drb.tolerance");
  p = torus(4, "drb", "uniform", 0.1);
  p.routing_options_as<net::drb::DrbParams>().source_size = 9;
  net::testing::require_config_error(p, "drb.source_size");
  p = torus(4, "drb", "uniform", 0.1);
  p.router.vcs = 5;  // DRB needs 6 classes on a torus (3 phases x 2 datelines; ACKs share them)
  net::testing::require_config_error(p, "router.vcs");
  p = torus(4, "drb", "uniform", 0.1);
  p.router.vcs = 6;  // with ACK classes of their own, 8
  p.routing_options_as<net::drb::DrbParams>().ack_vcs = net::drb::AckVcs::kReserved;
  net::testing::require_config_error(p, "router.vcs");
  p = torus(4, "drb", "uniform", 0.1);  // fat trees: test_drb_fat_tree_network.cpp
  p.topology = "fat_tree";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().k = 4;
  p.topology_options_as<net::NetworkSizeKeys>().n = 2;
  p.routing_options_as<net::drb::DrbParams>().source_size = 2;  // NCAs replace the supernodes
  net::testing::require_config_error(p, "drb.source_size");
}

TEST_CASE("the sequential engine's two pending sets give the same run, packet for packet") {
  NetworkParams p = torus(4, "drb", "bit_reversal", 0.7);
  p.injection_end_cycle = 400;
  pdes::KernelConfig heap;
  heap.pending_set = pdes::PendingSet::heap;
  pdes::KernelConfig buckets = heap;
  buckets.pending_set = pdes::PendingSet::buckets;
  const auto a = run_network(p, heap);
  const auto b = run_network(p, buckets);
  CHECK(a.result.total.event_digest == b.result.total.event_digest);
  CHECK(a.result.total.events_committed == b.result.total.events_committed);
  REQUIRE(a.sink.delivered.size() == b.sink.delivered.size());
  for (std::size_t i = 0; i < a.sink.delivered.size(); ++i) {
    CHECK(std::memcmp(&a.sink.delivered[i], &b.sink.delivered[i], sizeof(net::PacketDelivered)) ==
          0);
  }
  CHECK(a.sink.acks.size() == b.sink.acks.size());
}
