// SPDX-License-Identifier: Apache-2.0
//
// Conservation and deadlock freedom: beyond saturation, for a bounded injection period followed
// by a drain, every generated packet is delivered exactly once, to the right node, and the run
// ends because the event list empties (a deadlock would leave packets undelivered with no
// events pending). Also: determinism of the event digest, and rollback-check mode.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <string>

#include "models/network/traffic/hot_spot.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::SwitchingMode;

NetworkParams saturated(std::string topology, SwitchingMode mode, std::uint32_t packet_size) {
  NetworkParams p;
  p.topology = std::move(topology);
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.router.vcs = 2;
  p.router.buffer_depth = 4;
  p.router.switching = mode;
  p.packet_size = packet_size;
  p.load = 0.9;  // uniform saturates a 4x4 mesh near 0.5 and a 4x4 torus near 1.0 flits/cycle
  p.injection_end_cycle = 400;
  return p;
}

void check_conservation(const NetworkParams& p) {
  const net::testing::NetworkRun run = net::testing::run_network(p);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 500);
  const auto& del = run.sink.delivered;
  // Beyond saturation the source queues grow: some packets must have waited to be injected.
  const auto waited = std::count_if(del.begin(), del.end(),
                                    [](const auto& d) { return d.injected > d.created; });
  CHECK(waited > 0);
}

}  // namespace

TEST_CASE("conservation beyond saturation with drain: 4x4 mesh") {
  for (auto mode : {SwitchingMode::kWormhole, SwitchingMode::kVirtualCutThrough,
                    SwitchingMode::kStoreAndForward}) {
    CAPTURE(std::string(net::to_string(mode)));
    check_conservation(saturated("mesh", mode, 4));
  }
  check_conservation(saturated("mesh", SwitchingMode::kWormhole, 1));
}

TEST_CASE("conservation beyond saturation with drain: 4x4 torus with datelines") {
  for (auto mode : {SwitchingMode::kWormhole, SwitchingMode::kVirtualCutThrough}) {
    CAPTURE(std::string(net::to_string(mode)));
    check_conservation(saturated("torus", mode, 4));
  }
  // Packets longer than the buffers: wormhole worms span several routers around the rings.
  NetworkParams long_worms = saturated("torus", SwitchingMode::kWormhole, 8);
  long_worms.router.buffer_depth = 2;
  check_conservation(long_worms);
}

TEST_CASE("conservation with one-flit buffers and with four VCs (two per dateline class)") {
  NetworkParams shallow = saturated("mesh", SwitchingMode::kWormhole, 4);
  shallow.router.buffer_depth = 1;
  check_conservation(shallow);
  NetworkParams wide = saturated("torus", SwitchingMode::kWormhole, 4);
  wide.router.vcs = 4;
  check_conservation(wide);
  NetworkParams odd = saturated("torus", SwitchingMode::kVirtualCutThrough, 2);
  odd.router.vcs = 3;  // classes of one and two VCs
  odd.router.credit_delay = 3;
  odd.router.link_latency = 2;
  check_conservation(odd);
}

TEST_CASE("conservation on a hypercube") {
  NetworkParams p = saturated("hypercube", SwitchingMode::kWormhole, 4);
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().n = 4;
  p.router.vcs = 1;
  check_conservation(p);
}

TEST_CASE("same seed, same event digest; another seed, another digest") {
  NetworkParams p = saturated("torus", SwitchingMode::kWormhole, 4);
  p.injection_end_cycle = 200;
  pdes::KernelConfig config;
  config.seed = 7;
  const auto a = net::testing::run_network(p, config);
  const auto b = net::testing::run_network(p, config);
  CHECK(a.result.total.events_processed > 0);
  CHECK(a.result.total.event_digest == b.result.total.event_digest);
  CHECK(a.result.total.events_committed == b.result.total.events_committed);
  CHECK(a.sink.delivered.size() == b.sink.delivered.size());
  config.seed = 8;
  const auto c = net::testing::run_network(p, config);
  CHECK(a.result.total.event_digest != c.result.total.event_digest);
}

TEST_CASE("rollback-check engine: router and node states are rollback-safe") {
  NetworkParams p = saturated("torus", SwitchingMode::kWormhole, 4);
  p.injection_end_cycle = 100;
  pdes::KernelConfig config;
  const auto seq = net::testing::run_network(p, config);
  config.engine = pdes::EngineKind::rollback_check;
  const auto chk = net::testing::run_network(p, config);
  CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
  CHECK(chk.sink.delivered.size() == seq.sink.delivered.size());
}

TEST_CASE("the end time bounds a run that never stops injecting") {
  NetworkParams p = saturated("mesh", SwitchingMode::kWormhole, 4);
  p.injection_end_cycle = std::numeric_limits<std::uint64_t>::max();
  pdes::KernelConfig config;
  config.end_time = p.cycles(300);
  const auto run = net::testing::run_network(p, config);
  CHECK(run.result.reason == pdes::TerminationReason::end_time_reached);
  CHECK(run.sink.delivered.size() < run.sink.generated.size());
}

TEST_CASE("no starvation: every source reaches a saturated hot spot while injecting") {
  for (auto arbitration : {net::Arbitration::kRoundRobin, net::Arbitration::kAge}) {
    CAPTURE(std::string(net::to_string(arbitration)));
    NetworkParams p = saturated("mesh", SwitchingMode::kWormhole, 2);
    p.router.arbitration = arbitration;
    p.pattern = "hot_spot";
    p.pattern_options = net::traffic::HotSpotParams{{5}, 1.0};
    p.load = 0.5;
    p.injection_end_cycle = 2000;
    const auto run = net::testing::run_network(p);
    CHECK(run.sink.delivered.size() == run.sink.generated.size());
    std::map<std::uint32_t, std::size_t> during;
    for (const auto& d : run.sink.delivered) {
      if (d.delivered < p.cycles(p.injection_end_cycle).ticks()) ++during[d.src];
    }
    std::size_t total = 0, least = SIZE_MAX, most = 0;
    for (std::uint32_t src = 0; src < 16; ++src) {
      CAPTURE(src);
      CHECK(during[src] >= 5);
      total += during[src];
      least = std::min(least, during[src]);
      most = std::max(most, during[src]);
    }
    MESSAGE(net::to_string(arbitration) << ": hot-spot packets delivered while injecting: "
                                        << total << " of at most " << p.injection_end_cycle / 2
                                        << ", per source " << least << " .. " << most);
    // The hot node's ejection link is the bottleneck: it stays busy (~1 flit/cycle).
    CHECK(total * 2 > p.injection_end_cycle * 9 / 10);
    // Age arbitration removes round robin's parking-lot unfairness (7 .. 199 packets per source).
    if (arbitration == net::Arbitration::kAge) CHECK(least * 2 > most);
  }
}

TEST_CASE("rollback-check engine on every switching mode and on a mesh") {
  for (auto mode : {SwitchingMode::kVirtualCutThrough, SwitchingMode::kStoreAndForward}) {
    NetworkParams p = saturated("mesh", mode, 3);
    p.injection_end_cycle = 100;
    pdes::KernelConfig config;
    const auto seq = net::testing::run_network(p, config);
    config.engine = pdes::EngineKind::rollback_check;
    const auto chk = net::testing::run_network(p, config);
    CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
  }
}

TEST_CASE("randomised parameter sweep: conservation, no deadlock, nothing beats zero load") {
  // A fixed pseudo-random walk over pipelines, buffers, VCs, packet sizes, switching modes and
  // topologies; each configuration runs beyond saturation with a drain.
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  auto next = [&x](std::uint32_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return static_cast<std::uint32_t>(x % n);
  };
  const char* topologies[] = {"mesh", "torus", "hypercube"};
  const SwitchingMode modes[] = {SwitchingMode::kWormhole, SwitchingMode::kVirtualCutThrough,
                                 SwitchingMode::kStoreAndForward};
  for (int i = 0; i < 24; ++i) {
    NetworkParams p;
    p.topology = topologies[next(3)];
    p.topology_options = net::NetworkSizeKeys{};
    if (p.topology == std::string("hypercube")) {
      p.topology_options_as<net::NetworkSizeKeys>().n = 3 + next(2);
    } else {
      p.topology_options_as<net::NetworkSizeKeys>().dims = {2 + next(3), 2 + next(3)};
    }
    p.router.switching = modes[next(3)];
    p.packet_size = 1 + next(5);
    p.router.vcs = (p.topology == std::string("torus") ? 2 : 1) + next(2);
    p.router.buffer_depth = 1 + next(4);
    if (p.router.switching != SwitchingMode::kWormhole) p.router.buffer_depth += p.packet_size;
    p.router.routing_delay = next(3);
    p.router.vc_alloc_delay = next(2);
    p.router.sw_alloc_delay = next(2);
    p.router.st_delay = next(2);
    p.router.link_latency = 1 + next(2);
    p.router.credit_delay = 1 + next(2);
    p.load = 0.3 + 0.1 * next(8);
    p.router.arbitration = next(2) == 0 ? net::Arbitration::kRoundRobin : net::Arbitration::kAge;
    p.injection_end_cycle = 150;
    CAPTURE(i);
    CAPTURE(p.topology);
    const auto run = net::testing::run_network(p);
    CHECK(run.result.reason == pdes::TerminationReason::no_more_events);
    CHECK(run.sink.delivered.size() == run.sink.generated.size());
    for (const auto& d : run.sink.delivered) {
      CHECK(d.network_latency() >= p.router.zero_load_cycles(d.hops, d.size) * p.router.cycle_ps);
    }
    if (i % 3 == 0) {  // every event re-executed after a rollback gives the same state
      pdes::KernelConfig check;
      check.engine = pdes::EngineKind::rollback_check;
      CHECK(net::testing::run_network(p, check).result.total.event_digest ==
            run.result.total.event_digest);
    }
  }
}
