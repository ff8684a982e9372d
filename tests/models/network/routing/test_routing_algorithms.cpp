// SPDX-License-Identifier: Apache-2.0
//
// Routing algorithms through whole-network runs: every topology x routing x switching
// combination delivers every packet exactly once beyond saturation and drains (no deadlock);
// Valiant doubles the mean path; minimal adaptive routing beats dimension order on transpose;
// the fat-tree up-port policies spread (or do not spread) as documented; the per-port totals
// of the latency map add up.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "models/network/routing/route_candidates.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::SwitchingMode;

struct Case {
  std::string topology;
  std::string routing;
  bool minimal;
};

NetworkParams network_of(const std::string& topology) {
  NetworkParams p;
  p.topology = topology;
  p.topology_options = net::NetworkSizeKeys{};
  if (topology == "hypercube") {
    p.topology_options_as<net::NetworkSizeKeys>().n = 4;
  } else if (topology == "fat_tree") {
    p.topology_options_as<net::NetworkSizeKeys>().k = 4;
    p.topology_options_as<net::NetworkSizeKeys>().n = 2;
  } else {
    p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  }
  // Enough VCs for the most demanding routing: Valiant on a torus has 2 phases x 2 datelines.
  p.router.vcs = topology == "torus" ? 4 : 2;
  p.router.buffer_depth = 4;
  return p;
}

void check_conservation(const NetworkParams& p, bool minimal) {
  net::testing::check_delivered_exactly_once(
      net::testing::run_network(p),
      minimal ? net::testing::HopRule::kMinimal : net::testing::HopRule::kNonMinimal, 300);
}

}  // namespace

TEST_CASE("every topology x routing x switching: conservation beyond saturation, no deadlock") {
  const std::vector<Case> cases = {
      {"mesh", "dimension_order", true},     {"mesh", "valiant", false},
      {"mesh", "minimal_adaptive", true},    {"torus", "dimension_order", true},
      {"torus", "valiant", false},           {"torus", "minimal_adaptive", true},
      {"hypercube", "e_cube", true},         {"hypercube", "valiant", false},
      {"hypercube", "minimal_adaptive", true}, {"fat_tree", "nca_deterministic", true},
      {"fat_tree", "nca_random", true},      {"fat_tree", "nca_adaptive", true},
      {"fat_tree", "nca_cyclic", true},      {"fat_tree", "nca", true},
  };
  for (const Case& c : cases) {
    for (auto mode : {SwitchingMode::kWormhole, SwitchingMode::kVirtualCutThrough,
                      SwitchingMode::kStoreAndForward}) {
      CAPTURE(c.topology);
      CAPTURE(c.routing);
      CAPTURE(std::string(net::to_string(mode)));
      NetworkParams p = network_of(c.topology);
      p.routing = c.routing;
      p.router.switching = mode;
      p.packet_size = 4;
      p.load = 0.95;  // beyond saturation of every case: the source queues grow
      p.injection_end_cycle = 300;
      check_conservation(p, c.minimal);
    }
  }
}

TEST_CASE("long worms across several routers on a torus, adaptive and Valiant") {
  for (const std::string routing : {"minimal_adaptive", "valiant"}) {
    CAPTURE(routing);
    NetworkParams p = network_of("torus");
    p.routing = routing;
    p.packet_size = 8;
    p.router.buffer_depth = 2;
    p.load = 0.9;
    p.injection_end_cycle = 300;
    check_conservation(p, routing != "valiant");
  }
}

TEST_CASE("a routing that does not fit the topology, or too few VCs, is a ConfigError") {
  using net::testing::require_config_error;
  NetworkParams tree = network_of("fat_tree");
  tree.routing = "valiant";
  require_config_error(tree, "network.routing");
  tree.routing = "minimal_adaptive";
  require_config_error(tree, "network.routing");
  NetworkParams mesh = network_of("mesh");
  mesh.routing = "nca_adaptive";
  require_config_error(mesh, "network.routing");
  NetworkParams torus = network_of("torus");
  torus.routing = "valiant";
  torus.router.vcs = 3;  // needs 4 classes
  require_config_error(torus, "router.vcs");
  torus.routing = "minimal_adaptive";
  torus.router.vcs = 2;  // needs 3 classes
  require_config_error(torus, "router.vcs");
}

TEST_CASE("Valiant: mean path about twice the minimal one under uniform traffic") {
  NetworkParams p;
  p.topology = "torus";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {8, 8};
  p.router.vcs = 4;
  p.load = 0.05;
  p.injection_end_cycle = 3000;
  net::testing::NetworkRun dor = [&] {
    NetworkParams q = p;
    q.routing = "dimension_order";
    return net::testing::run_network(q);
  }();
  p.routing = "valiant";
  const net::testing::NetworkRun valiant = net::testing::run_network(p);
  auto mean_hops = [](const net::testing::NetworkRun& run) {
    double sum = 0;
    for (const auto& d : run.sink.delivered) sum += d.hops - 1;
    return sum / static_cast<double>(run.sink.delivered.size());
  };
  // 8x8 torus, uniform: mean minimal distance 4 (each ring: 0,1,2,3,4,3,2,1 -> 2); Valiant is
  // the sum of two independent uniform legs: 8.
  CHECK(mean_hops(dor) == doctest::Approx(4.0).epsilon(0.05));
  CHECK(mean_hops(valiant) == doctest::Approx(8.0).epsilon(0.05));
}

TEST_CASE("minimal adaptive routing accepts more than dimension order on transpose") {
  NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {8, 8};
  p.router.vcs = 4;
  p.router.buffer_depth = 4;
  p.pattern = "transpose";
  p.load = 0.45;  // beyond DOR's transpose saturation on an 8x8 mesh (about 0.25)
  p.injection_end_cycle = 2000;
  auto delivered_by = [&](const std::string& routing, std::int64_t by) {
    NetworkParams q = p;
    q.routing = routing;
    const auto run = net::testing::run_network(q);
    std::uint64_t n = 0;
    for (const auto& d : run.sink.delivered) n += d.delivered <= by ? 1 : 0;
    return n;
  };
  const std::int64_t window_end = 2000 * 1000;
  const std::uint64_t dor = delivered_by("dimension_order", window_end);
  const std::uint64_t adaptive = delivered_by("minimal_adaptive", window_end);
  MESSAGE("packets delivered in 2000 cycles: DOR " << dor << ", minimal adaptive " << adaptive);
  CHECK(adaptive > dor * 1.2);
}

TEST_CASE("fat tree up-port policies: d-mod-k keeps one tree per destination, others spread") {
  NetworkParams p = network_of("fat_tree");
  p.load = 0.0;
  // Every node outside leaf 0 sends 20 packets to node 0.
  for (std::uint64_t src = 4; src < 16; ++src) {
    for (std::uint64_t i = 0; i < 20; ++i) p.scripted.push_back({src, 0, 1 + 10 * i});
  }
  auto up_ports_used = [&](const std::string& routing) {
    NetworkParams q = p;
    q.routing = routing;
    const auto run = net::testing::run_network(q);
    CHECK(run.sink.delivered.size() == 12 * 20);
    std::set<std::uint32_t> used;  // up ports (4..7) of leaf switches 1..3 that carried flits
    for (const auto& t : run.sink.ports) {
      if (t.router >= 1 && t.router < 4 && t.port >= 4 && t.flits > 0) used.insert(t.port);
    }
    return used;
  };
  CHECK(up_ports_used("nca_deterministic") == std::set<std::uint32_t>{4});  // digit 0 of node 0
  CHECK(up_ports_used("nca_random").size() == 4);
  CHECK(up_ports_used("nca_adaptive").size() >= 2);
  CHECK(up_ports_used("nca_cyclic").size() == 4);
  CHECK(up_ports_used("nca") == std::set<std::uint32_t>{4});  // default nca.up_port: d-mod-k
}

TEST_CASE("latency map totals add up to the delivered traffic") {
  NetworkParams p = network_of("mesh");
  p.packet_size = 3;
  p.load = 0.3;
  p.injection_end_cycle = 500;
  const auto run = net::testing::run_network(p);
  std::uint64_t flit_hops = 0, ejected = 0, heads = 0, waits = 0;
  for (const auto& t : run.sink.ports) {
    flit_hops += t.flits;
    heads += t.packets;
    waits += t.head_wait_ticks;
    if (t.terminal) ejected += t.flits;
  }
  std::uint64_t expected_flit_hops = 0, expected_heads = 0, blocked = 0;
  for (const auto& d : run.sink.delivered) {
    expected_flit_hops += std::uint64_t{d.hops} * d.size;
    expected_heads += d.hops;
  }
  CHECK(run.sink.delivered.size() > 100);
  CHECK(ejected == run.sink.delivered.size() * 3);
  CHECK(flit_hops == expected_flit_hops);
  CHECK(heads == expected_heads);
  CHECK(waits > 0);  // at load 0.3 some heads wait
  (void)blocked;
  // 16 routers: 4 corner x 3 connected ports + 8 edge x 4 + 4 inner x 5 (incl. terminals).
  CHECK(run.sink.ports.size() == 4 * 3 + 8 * 4 + 4 * 5);
}

TEST_CASE("route candidates: the lowest level with a free VC wins, then the most credits") {
  net::RouteCandidates c;
  c.add(3, 2, 0);
  c.add(1, 2, 0);
  c.add(0, 0, 1);
  CHECK(c.size() == 3);
  CHECK(c[2].level == 1);
  CHECK(c[0].port == 3);
  c.clear();
  CHECK(c.empty());
}

TEST_CASE("rollback-check: Valiant, adaptive and NCA routing keep all their state in State") {
  for (const Case& c : std::vector<Case>{{"torus", "valiant", false},
                                         {"torus", "minimal_adaptive", true},
                                         {"fat_tree", "nca_adaptive", true}}) {
    CAPTURE(c.routing);
    NetworkParams p = network_of(c.topology);
    p.routing = c.routing;
    p.packet_size = 4;
    p.load = 0.6;
    p.injection_end_cycle = 150;
    pdes::KernelConfig config;
    const auto seq = net::testing::run_network(p, config);
    config.engine = pdes::EngineKind::rollback_check;
    const auto chk = net::testing::run_network(p, config);
    CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
    CHECK(chk.sink.delivered.size() == seq.sink.delivered.size());
    CHECK(chk.sink.ports.size() == seq.sink.ports.size());
  }
}
