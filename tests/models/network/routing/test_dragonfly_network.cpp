// SPDX-License-Identifier: Apache-2.0
// Whole dragonfly networks: every packet delivered exactly once under uniform and group-shift
// traffic, beyond saturation too, with minimal and Valiant routing; minimal routes of the
// documented length; zero-load latency equal to the analytic value with local and global links
// of their own latency; and the same run on the sequential and rollback-check engines.
#include <doctest/doctest.h>

#include <string>

#include "models/network/topology/dragonfly.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;

NetworkParams dragonfly(const char* routing, const char* pattern, double load) {
  NetworkParams p;
  p.topology = "dragonfly";
  p.topology_options = net::DragonflyParams{};  // p2 a4 h2 g9: 72 nodes
  p.routing = routing;
  p.router.vcs = 3;
  p.router.buffer_depth = 8;
  p.packet_size = 4;
  p.pattern = pattern;
  if (std::string(pattern) == "group_shift") p.pattern_options = net::traffic::GroupShiftParams{};
  p.load = load;
  p.injection_end_cycle = 1500;
  return p;
}

net::testing::NetworkRun run(const NetworkParams& p, std::uint64_t seed = 1,
                             pdes::EngineKind engine = pdes::EngineKind::sequential) {
  pdes::KernelConfig config;
  config.seed = seed;
  config.engine = engine;
  return net::testing::run_network(p, config);
}

// Sum of the network links' latencies along the first minimal route, and its router count.
std::pair<std::int64_t, std::uint32_t> route_links(const net::Dragonfly& t, net::RouterId s,
                                                   net::RouterId d, std::uint32_t fallback) {
  std::int64_t cycles = 0;
  std::uint32_t routers = 1;
  for (net::RouterId at = s; at != d; ++routers) {
    const net::PortId port = t.minimal_route_ports(at, d)[0];
    cycles += t.link_latency(at, port).value_or(fallback);
    at = t.neighbour(at, port)->router;
  }
  return {cycles, routers};
}

}  // namespace

TEST_CASE("dragonfly: every packet delivered once, uniform and group shift, both routings") {
  for (const char* routing : {"dragonfly_minimal", "dragonfly_valiant"}) {
    for (const char* pattern : {"uniform", "group_shift"}) {
      for (double load : {0.2, 0.9}) {  // below and beyond saturation
        CAPTURE(routing);
        CAPTURE(pattern);
        CAPTURE(load);
        const net::testing::NetworkRun r = run(dragonfly(routing, pattern, load));
        // Hop counts are checked against the graph distance, which a dragonfly may beat with
        // two global links; the minimal routes' own length is checked below.
        net::testing::check_delivered_exactly_once(r, net::testing::HopRule::kNonMinimal, 1000);
        if (std::string(routing) == "dragonfly_minimal") {
          const auto& t = dynamic_cast<const net::Dragonfly&>(*r.info.topology);
          for (const auto& d : r.sink.delivered) {
            CHECK(d.hops ==
                  t.minimal_route_hops(t.router_of_node(d.src), t.router_of_node(d.dst)) + 1);
          }
        }
      }
    }
  }
}

TEST_CASE("dragonfly: minimal routing collapses under group shift, Valiant does not") {
  // Group shift at 0.5 flits/node/cycle: minimal routing pushes a group's 8 nodes through one
  // global link (bound 1/8 per node); Valiant spreads them (bound about 1/2).
  const auto accepted = [](const char* routing) {
    NetworkParams p = dragonfly(routing, "group_shift", 0.5);
    p.injection_end_cycle = 3000;
    const net::testing::NetworkRun r = run(p);
    std::int64_t flits = 0;
    for (const auto& d : r.sink.delivered) {
      if (d.delivered >= 1000 * 1000 && d.delivered < 3000 * 1000) flits += 4;
    }
    return static_cast<double>(flits) / 72.0 / 2000.0;
  };
  const double minimal = accepted("dragonfly_minimal");
  const double valiant = accepted("dragonfly_valiant");
  CHECK(minimal < 0.2);
  CHECK(valiant > 2 * minimal);
}

TEST_CASE("dragonfly: zero-load latency is the analytic value, links of their own latency") {
  for (const bool own_latencies : {false, true}) {
    NetworkParams p = dragonfly("dragonfly_minimal", "uniform", 0.0);
    auto& d = p.topology_options_as<net::DragonflyParams>();
    if (own_latencies) {
      d.local_latency = 2;
      d.global_latency = 7;
    }
    const net::Dragonfly t(d);
    const net::RouterParams& r = p.router;
    for (net::NodeId src : {0u, 13u, 70u}) {
      for (net::NodeId dst = 0; dst < t.num_nodes(); dst += 3) {
        NetworkParams q = p;
        q.scripted = {{src, dst, 3}};
        const net::testing::NetworkRun one = run(q);
        REQUIRE(one.sink.delivered.size() == 1);
        const auto [links, routers] =
            route_links(t, t.router_of_node(src), t.router_of_node(dst), r.link_latency);
        // Injection and ejection links, every router's pipeline, the network links, the body.
        const std::int64_t cycles = 2 * std::int64_t{r.link_latency} +
                                    routers * std::int64_t{r.head_delay() + r.st_delay} + links +
                                    (p.packet_size - 1);
        CAPTURE(src);
        CAPTURE(dst);
        CHECK(one.sink.delivered[0].hops == routers);
        CHECK(one.sink.delivered[0].network_latency() == cycles * r.cycle_ps);
        if (!own_latencies) {
          CHECK(cycles == r.zero_load_cycles(routers, p.packet_size));
        }
      }
    }
  }
}

TEST_CASE("dragonfly: the rollback-check engine gives the sequential run") {
  for (const char* routing : {"dragonfly_minimal", "dragonfly_valiant"}) {
    NetworkParams p = dragonfly(routing, "group_shift", 0.4);
    p.injection_end_cycle = 600;
    p.topology_options_as<net::DragonflyParams>().global_latency = 3;
    const net::testing::NetworkRun seq = run(p, 7);
    const net::testing::NetworkRun chk = run(p, 7, pdes::EngineKind::rollback_check);
    CAPTURE(routing);
    CHECK(seq.result.total.event_digest == chk.result.total.event_digest);
    CHECK(seq.sink.delivered.size() == chk.sink.delivered.size());
  }
}

TEST_CASE("dragonfly: the block partition keeps groups whole when the rank count divides g") {
  const net::Dragonfly t(net::DragonflyParams{});  // 9 groups of 4 routers and 8 nodes
  const pdes::PartitionGraph graph = net::network_partition_graph(t);
  const net::LpLayout layout{t.num_routers(), t.num_nodes()};
  for (int ranks : {1, 3, 9}) {
    CAPTURE(ranks);
    const pdes::Partition partition = pdes::block_partition(graph, ranks);
    for (std::uint64_t group = 0; group < t.num_groups(); ++group) {
      const int rank = partition.rank_of(layout.router_lp(group * 4));
      for (net::RouterId r = group * 4; r < group * 4 + 4; ++r) {
        CHECK(partition.rank_of(layout.router_lp(r)) == rank);
      }
      for (net::NodeId n = group * 8; n < group * 8 + 8; ++n) {
        CHECK(partition.rank_of(layout.node_lp(n)) == rank);
      }
    }
  }
}

TEST_CASE("dragonfly: the partition graph names each LP's group, for the graph partitioners") {
  const net::Dragonfly t(net::DragonflyParams{});  // 9 groups of 4 routers and 8 nodes
  const pdes::PartitionGraph graph = net::network_partition_graph(t);
  const net::LpLayout layout{t.num_routers(), t.num_nodes()};
  REQUIRE(graph.cluster_of.size() == graph.num_lps);
  for (net::RouterId r = 0; r < t.num_routers(); ++r) {
    CHECK(graph.cluster_of[layout.router_lp(r).value()] == r / 4);
  }
  for (net::NodeId n = 0; n < t.num_nodes(); ++n) {
    CHECK(graph.cluster_of[layout.node_lp(n).value()] == n / 8);
  }
}

