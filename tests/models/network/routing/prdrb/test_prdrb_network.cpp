// SPDX-License-Identifier: Apache-2.0
//
// PR-DRB through whole-network runs (models/network/routing/prdrb/): with either notification
// design, beyond saturation, every packet is delivered and acknowledged exactly once; routers
// detect and notify, sources save and re-apply solutions; the rollback check passes with the
// detectors' registers, the pending notices and the solution databases in the state; FR-DRB's
// watchdog fires; and PR-DRB's errors name their keys.
#include <doctest/doctest.h>

#include <cstdint>

#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::prdrb::Notification;
using net::prdrb::PrDrbParams;
using net::testing::run_network;

/// Repeated bursts of one permutation over light uniform noise on a 4x4 torus: the congestion
/// situations recur, which is what PR-DRB learns from.
NetworkParams bursts(Notification notification, std::uint64_t repeats) {
  NetworkParams p;
  p.topology = "torus";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.routing = "prdrb";
  p.router.vcs = 8;
  p.router.buffer_depth = 4;
  p.packet_size = 4;
  net::TrafficPhase burst;
  burst.duration_cycles = 300;
  burst.pattern = "bit_reversal";
  burst.load = 0.7;
  net::TrafficPhase quiet;
  quiet.duration_cycles = 300;
  quiet.pattern = "uniform";
  quiet.load = 0.05;
  p.phases = {burst, quiet};
  p.phases_repeat = repeats;
  PrDrbParams& o = p.routing_options_as<PrDrbParams>();
  o.notification = notification;
  o.router_threshold = 8;
  return p;
}

std::uint64_t total(const std::vector<net::prdrb::SourceTotals>& sources,
                    std::uint64_t net::prdrb::SourceTotals::*field) {
  std::uint64_t n = 0;
  for (const auto& s : sources) n += s.*field;
  return n;
}

}  // namespace

TEST_CASE("PR-DRB: conservation, detections, saved and re-applied solutions, both designs") {
  for (const Notification n : {Notification::kDestination, Notification::kRouter}) {
    CAPTURE(static_cast<int>(n));
    const auto run = run_network(bursts(n, 3));
    net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kNonMinimal, 1000);
    // Every packet between two routers is acknowledged once; bit reversal's fixed points (a
    // packet to its own router) are not (DrbRouting::acknowledges).
    std::size_t acknowledged = 0;
    const net::Topology& topo = *run.info.topology;
    for (const auto& d : run.sink.delivered) {
      acknowledged += topo.router_of_node(d.src) != topo.router_of_node(d.dst) ? 1 : 0;
    }
    CHECK(run.sink.acks.size() == acknowledged);
    REQUIRE_FALSE(run.sink.detectors.empty());
    std::uint64_t notices = 0;
    for (const auto& d : run.sink.detectors) notices += d.notices;
    CHECK(notices > 0);
    CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::notifications) > 0);
    CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::saved) > 0);
    CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::hits) > 0);
  }
}

TEST_CASE("rollback-check: PR-DRB's registers, pending notices and databases are in State") {
  for (const Notification n : {Notification::kDestination, Notification::kRouter}) {
    CAPTURE(static_cast<int>(n));
    const NetworkParams p = bursts(n, 2);
    pdes::KernelConfig config;
    const auto seq = run_network(p, config);
    config.engine = pdes::EngineKind::rollback_check;
    const auto chk = run_network(p, config);
    CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
    CHECK(chk.sink.delivered.size() == seq.sink.delivered.size());
    CHECK(total(chk.sink.sources, &net::prdrb::SourceTotals::saved) ==
          total(seq.sink.sources, &net::prdrb::SourceTotals::saved));
  }
}

TEST_CASE("the immediate-notice probe: destination-based flows act at detection, not at the ACK") {
  NetworkParams p = bursts(Notification::kDestination, 3);
  p.routing_options_as<PrDrbParams>().immediate_notice = true;
  pdes::KernelConfig config;
  const auto run = run_network(p, config);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kNonMinimal, 1000);
  const auto with_ack = run_network(bursts(Notification::kDestination, 3), config);
  // The same detections name the same kind of flows, but the sources learn them earlier, so
  // the runs differ, and the sources still save and re-apply solutions.
  CHECK(run.result.total.event_digest != with_ack.result.total.event_digest);
  CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::notifications) > 0);
  CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::hits) > 0);
  // Its notices travel through the kernel as events: the rollback-check engine agrees.
  config.engine = pdes::EngineKind::rollback_check;
  const auto chk = run_network(p, config);
  CHECK(chk.result.total.event_digest == run.result.total.event_digest);
}

TEST_CASE("FR-DRB: the watchdog opens paths without the predictive module") {
  NetworkParams p = bursts(Notification::kDestination, 2);
  PrDrbParams& o = p.routing_options_as<PrDrbParams>();
  o.predictive = false;
  o.watchdog = 60;
  const auto run = run_network(p);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kNonMinimal, 500);
  CHECK(run.sink.detectors.empty());  // no detection without the predictive module
  CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::watchdog) > 0);
  CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::saved) == 0);
}

TEST_CASE("bad PR-DRB configurations are errors naming the key") {
  NetworkParams p = bursts(Notification::kDestination, 1);
  p.routing_options_as<PrDrbParams>().similarity = 0;
  net::testing::require_config_error(p, "prdrb.similarity");
  p = bursts(Notification::kDestination, 1);
  p.routing_options_as<PrDrbParams>().database_size = 0;
  net::testing::require_config_error(p, "prdrb.database_size");
  p = bursts(Notification::kDestination, 1);
  p.routing_options_as<PrDrbParams>().watchdog = 10;  // shorter than a round trip on 4x4
  net::testing::require_config_error(p, "prdrb.watchdog");
  p = bursts(Notification::kRouter, 1);
  p.routing_options_as<PrDrbParams>().immediate_notice = true;  // a probe of the other design
  net::testing::require_config_error(p, "prdrb.immediate_notice");
  p = bursts(Notification::kDestination, 1);
  p.topology = "fat_tree";  // DRB's options are checked on fat trees too
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().k = 4;
  p.topology_options_as<net::NetworkSizeKeys>().n = 2;
  p.routing_options_as<PrDrbParams>().drb.eject_at_intermediates = true;
  net::testing::require_config_error(p, "drb.eject_at_intermediates");
}

TEST_CASE("PR-DRB on a fat tree (DRB's NCA intermediates): conservation and re-applications") {
  NetworkParams p = bursts(Notification::kRouter, 3);
  p.topology = "fat_tree";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().k = 4;
  p.topology_options_as<net::NetworkSizeKeys>().n = 3;
  for (net::TrafficPhase& phase : p.phases) phase.pattern = "transpose";
  PrDrbParams& o = p.routing_options_as<PrDrbParams>();
  o.drb.max_width = 4;  // the thesis's "at most 4 alternative paths"
  const auto run = run_network(p);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 1000);
  CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::saved) > 0);
  CHECK(total(run.sink.sources, &net::prdrb::SourceTotals::hits) > 0);
}
