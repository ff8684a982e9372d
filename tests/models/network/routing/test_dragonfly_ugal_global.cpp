// SPDX-License-Identifier: Apache-2.0
// ugal_global (routing/dragonfly_ugal_global.hpp), UGAL-G: its routes are ugal_local's (their
// channel dependency graph, with both decisions at every source router, is checked acyclic in
// test_dragonfly_adaptive.cpp on the same DragonflyAdaptiveRouting); here, that route() only
// ever asks for one of those two routes, that an empty board means minimal, and in whole
// networks: under group shift it beats minimal routing, under uniform traffic it stays close to
// it, and two sequential runs agree.
#include <doctest/doctest.h>

#include <string>

#include "models/network/routing/dragonfly_ugal_global.hpp"
#include "models/network/topology/dragonfly.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "tests/models/network/network_run.hpp"
#include "tests/models/network/routing/dragonfly_cdg.hpp"

namespace {

net::testing::NetworkRun run(const char* routing, const char* pattern, double load) {
  net::NetworkParams p;
  p.topology = "dragonfly";
  p.topology_options = net::DragonflyParams{};  // p2 a4 h2 g9: 72 nodes
  p.routing = routing;
  p.router.vcs = 3;
  p.router.buffer_depth = 8;
  p.packet_size = 4;
  p.pattern = pattern;
  if (std::string(pattern) == "group_shift") p.pattern_options = net::traffic::GroupShiftParams{};
  p.load = load;
  p.injection_end_cycle = 3000;
  pdes::KernelConfig config;
  config.seed = 3;
  return net::testing::run_network(p, config);
}

// Flits per node per cycle delivered in cycles [1000, 3000).
double accepted(const net::testing::NetworkRun& r) {
  std::int64_t flits = 0;
  for (const auto& d : r.sink.delivered) {
    if (d.delivered >= 1000 * 1000 && d.delivered < 3000 * 1000) flits += 4;
  }
  return static_cast<double>(flits) / 72.0 / 2000.0;
}

double mean_latency(const net::testing::NetworkRun& r) {
  double sum = 0;
  for (const auto& d : r.sink.delivered) sum += static_cast<double>(d.network_latency());
  return r.sink.delivered.empty() ? 0 : sum / static_cast<double>(r.sink.delivered.size());
}

}  // namespace

TEST_CASE("ugal_global asks only for ugal_local's routes; with an empty board, the minimal one") {
  const net::Dragonfly t(net::DragonflyParams{});
  const net::UgalGlobalRouting routing(t, {}, 8);
  CHECK(routing.vc_classes() == 3);
  for (net::RouterId s = 0; s < t.num_routers(); ++s) {
    for (net::RouterId d = 0; d < t.num_routers(); ++d) {
      for (std::uint32_t via = 1; via <= t.num_groups(); ++via) {
        if (t.group_of(s) == t.group_of(d) || via - 1 == t.group_of(s) ||
            via - 1 == t.group_of(d)) {
          continue;
        }
        net::Flit head;
        head.src = static_cast<std::uint32_t>(s * 2);
        head.dst = static_cast<std::uint32_t>(d * 2 + 1);
        net::DragonflyAdaptiveHeader header;
        header.intermediate_plus_one = via;
        head.route.set(header);
        const net::RouteInput at{s, 0, 0, true};
        REQUIRE(routing.routes().decides_at(at, head));
        CHECK(routing.prefers_minimal(s, d, via - 1));  // all queues empty: 0 <= 0
        net::Flit a = head;
        net::Flit b = head;
        net::RouteCandidates got;
        net::RouteCandidates minimal;
        routing.route(at, a, got);
        routing.routes().route_given(at, b, true, minimal);
        REQUIRE(got.size() == minimal.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
          CHECK(got[i].port == minimal[i].port);
          CHECK(got[i].vc_class == minimal[i].vc_class);
        }
      }
    }
  }
}

TEST_CASE("ugal_global: beats minimal under group shift, close to minimal under uniform") {
  const double minimal_shift = accepted(run("dragonfly_minimal", "group_shift", 0.5));
  const net::testing::NetworkRun shift = run("ugal_global", "group_shift", 0.5);
  net::testing::check_delivered_exactly_once(shift, net::testing::HopRule::kNonMinimal, 1000);
  CHECK(accepted(shift) > 1.5 * minimal_shift);

  const net::testing::NetworkRun minimal_uniform = run("dragonfly_minimal", "uniform", 0.3);
  const net::testing::NetworkRun uniform = run("ugal_global", "uniform", 0.3);
  net::testing::check_delivered_exactly_once(uniform, net::testing::HopRule::kNonMinimal, 1000);
  CHECK(accepted(uniform) > 0.95 * accepted(minimal_uniform));
  CHECK(mean_latency(uniform) < 1.25 * mean_latency(minimal_uniform));
  MESSAGE("group shift 0.5: minimal " << minimal_shift << ", ugal_global " << accepted(shift)
                                      << "; uniform 0.3 latency (ps): minimal "
                                      << mean_latency(minimal_uniform) << ", ugal_global "
                                      << mean_latency(uniform));
}

TEST_CASE("ugal_global: two sequential runs give the same digest") {
  const auto a = run("ugal_global", "group_shift", 0.4);
  const auto b = run("ugal_global", "group_shift", 0.4);
  CHECK(a.result.total.event_digest == b.result.total.event_digest);
}
