// SPDX-License-Identifier: Apache-2.0
//
// DRB and PR-DRB on the dragonfly (routing/drb/dragonfly_transport.hpp, dragonfly_candidates.hpp;
// docs/dragonfly.md): the candidates are the canonical (minimal) MSP and one MSP per
// intermediate group, in a fixed order; the channel dependency graph of every MSP and of the
// ACKs is acyclic on the stated classes; width 1 is dragonfly_minimal bit for bit; under group
// shift DRB opens intermediate groups and beats minimal routing; the rollback check passes; and
// PR-DRB saves and re-applies solutions under recurring group-shift bursts.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <tuple>

#include "models/network/routing/drb/dragonfly_candidates.hpp"
#include "models/network/routing/drb/dragonfly_transport.hpp"
#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/drb_source.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "tests/models/network/network_run.hpp"
#include "tests/models/network/routing/dragonfly_cdg.hpp"

namespace {

using net::NetworkParams;
using net::testing::run_network;

NetworkParams dragonfly(const char* routing, const char* pattern, double load) {
  NetworkParams p;
  p.topology = "dragonfly";
  p.topology_options = net::DragonflyParams{};  // p2 a4 h2 g9: 72 nodes
  p.routing = routing;
  p.router.vcs = 3;  // DRB: Valiant's three data classes, shared ACKs
  p.router.buffer_depth = 8;
  p.packet_size = 4;
  p.pattern = pattern;
  if (std::string(pattern) == "group_shift") p.pattern_options = net::traffic::GroupShiftParams{};
  p.load = load;
  p.injection_end_cycle = 3000;
  if (std::string(routing) == "drb") p.routing_options_as<net::drb::DrbParams>().max_width = 4;
  return p;
}

double accepted(const net::testing::NetworkRun& r) {
  std::int64_t flits = 0;
  for (const auto& d : r.sink.delivered) {
    if (d.delivered >= 1000 * 1000 && d.delivered < 3000 * 1000) flits += 4;
  }
  return static_cast<double>(flits) / 72.0 / 2000.0;
}

std::uint64_t non_canonical(const net::testing::NetworkRun& run) {
  std::uint64_t n = 0;
  for (const auto& d : run.sink.delivered) n += d.path != 0 ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("dragonfly DRB candidates: minimal first, then one per intermediate group") {
  const net::Dragonfly t(net::DragonflyParams{});
  const net::drb::DragonflyCandidates candidates(t);
  for (net::NodeId s = 0; s < t.num_nodes(); s += 3) {
    for (net::NodeId d = 0; d < t.num_nodes(); ++d) {
      const auto c = candidates.generate(s, d, 100);
      const net::RouterId sr = t.router_of_node(s);
      const net::RouterId dr = t.router_of_node(d);
      REQUIRE_FALSE(c.empty());
      CHECK(c[0].x == sr);
      CHECK(c[0].y == dr);
      if (t.group_of(sr) == t.group_of(dr)) {
        CHECK(c.size() == 1);
        continue;
      }
      REQUIRE(c.size() == t.num_groups() - 1);  // canonical + g - 2 intermediate groups
      std::set<std::uint64_t> groups;
      for (std::size_t i = 1; i < c.size(); ++i) {
        const std::uint64_t gi = t.group_of(c[i].x);
        CHECK(gi != t.group_of(sr));
        CHECK(gi != t.group_of(dr));
        groups.insert(gi);
        CHECK(c[i].y == dr);
        CHECK(c[i].length >= c[i - 1].length - (i == 1 ? c[0].length : 0));
        if (i > 1) CHECK(c[i].length >= c[i - 1].length);
        // X is where the route into its group lands: one global link from the source group.
        const auto landing = candidates.landing(sr, gi);
        CHECK(landing.router == c[i].x);
        CHECK(c[i].length == landing.hops + t.minimal_route_hops(c[i].x, dr));
      }
      CHECK(groups.size() == c.size() - 1);
      // The order is a pure function of the pair; a prefix of it for a smaller limit.
      const auto three = candidates.generate(s, d, 3);
      REQUIRE(three.size() == 3);
      for (std::size_t i = 0; i < 3; ++i) CHECK(three[i] == c[i]);
    }
  }
}

TEST_CASE("dragonfly DRB: acyclic channel dependencies over every MSP and the ACKs") {
  for (const net::drb::AckVcs acks : {net::drb::AckVcs::kShared, net::drb::AckVcs::kReserved}) {
    for (const std::optional<std::uint64_t> g :
         {std::optional<std::uint64_t>{}, std::optional<std::uint64_t>{5}}) {
      net::DragonflyParams dp;
      dp.g = g;
      const net::Dragonfly t(dp);
      net::drb::DrbParams params;
      params.ack_vcs = acks;
      const net::drb::DragonflyTransport transport(t, params);
      const net::drb::DragonflyCandidates candidates(t);
      const std::uint32_t classes = transport.data_classes() + transport.ack_classes();
      CHECK(classes == (acks == net::drb::AckVcs::kShared ? 3u : 5u));
      net::testing::Cdg cdg;
      std::set<std::uint32_t> used;
      const auto walk = [&](net::Flit head, bool ack) {
        const net::RouterPort src = t.attachment(head.src);
        const net::RouterId dst = t.router_of_node(head.dst);
        net::RouteInput at{src.router, src.port, 0, true};
        std::optional<net::testing::Channel> from;
        std::uint32_t hops = 0;
        while (true) {
          REQUIRE(hops < 10);
          net::RouteCandidates out;
          if (ack) {
            transport.route_ack(at, head, out);
          } else {
            transport.route(at, head, out);
          }
          REQUIRE_FALSE(out.empty());
          for (const net::RouteCandidate& c : out) {
            REQUIRE(c.vc_class < classes);
            used.insert(c.vc_class);
            if (from && at.router != dst) {
              cdg[*from].insert(net::testing::Channel{at.router, c.port, c.vc_class});
            }
          }
          if (at.router == dst) break;
          const net::RouteCandidate c = out[0];
          from = net::testing::Channel{at.router, c.port, c.vc_class};
          const auto nb = t.neighbour(at.router, c.port);
          REQUIRE(nb.has_value());
          at = net::RouteInput{nb->router, nb->port, c.vc_class, false};
          ++hops;
        }
        if (!ack) CHECK(hops == transport.route_hops(head.src, head));
      };
      for (net::NodeId s = 0; s < t.num_nodes(); s += 2) {
        for (net::NodeId d = 1; d < t.num_nodes(); d += 2) {
          for (const net::drb::Msp& m : candidates.generate(s, d, 100)) {
            net::Flit head;
            head.src = s;
            head.dst = d;
            net::MultiPhaseHeader h;
            net::drb::MspChoice choice;
            choice.x = m.x;
            choice.y = m.y;
            transport.write_route(s, d, choice, h);
            head.route.set(h);
            walk(head, false);
          }
          net::Flit ack;
          ack.src = d;
          ack.dst = s;
          walk(ack, true);
        }
      }
      CHECK_FALSE(net::testing::has_cycle(cdg));
      CHECK(used.size() == classes);
    }
  }
}

TEST_CASE("dragonfly DRB with max width 1 is dragonfly_minimal bit for bit") {
  NetworkParams minimal = dragonfly("dragonfly_minimal", "group_shift", 0.3);
  minimal.injection_end_cycle = 600;
  NetworkParams drb = minimal;
  drb.routing = "drb";
  drb.routing_options_as<net::drb::DrbParams>().max_width = 1;
  const auto a = run_network(minimal);
  const auto b = run_network(drb);
  CHECK(a.result.total.event_digest == b.result.total.event_digest);
  CHECK(a.sink.delivered.size() == b.sink.delivered.size());
}

TEST_CASE("dragonfly DRB: group shift opens intermediate groups and beats minimal routing") {
  const double minimal = accepted(run_network(dragonfly("dragonfly_minimal", "group_shift", 0.5)));
  const auto shift = run_network(dragonfly("drb", "group_shift", 0.5));
  net::testing::check_delivered_exactly_once(shift, net::testing::HopRule::kNonMinimal, 1000);
  CHECK(non_canonical(shift) > shift.sink.delivered.size() / 4);
  CHECK(accepted(shift) > 1.5 * minimal);
  const auto uniform = run_network(dragonfly("drb", "uniform", 0.3));
  net::testing::check_delivered_exactly_once(uniform, net::testing::HopRule::kNonMinimal, 1000);
  MESSAGE("group shift 0.5: minimal " << minimal << ", drb " << accepted(shift) << " ("
                                      << non_canonical(shift) << " of "
                                      << shift.sink.delivered.size() << " off the minimal route)");
}

TEST_CASE("dragonfly DRB and PR-DRB: the rollback-check engine gives the sequential run") {
  for (const char* routing : {"drb", "prdrb"}) {
    CAPTURE(routing);
    NetworkParams p = dragonfly(routing, "group_shift", 0.5);
    if (std::string(routing) == "prdrb") {
      p.routing_options_as<net::prdrb::PrDrbParams>().drb.max_width = 4;
    }
    p.injection_end_cycle = 800;
    pdes::KernelConfig config;
    config.seed = 5;
    const auto seq = run_network(p, config);
    config.engine = pdes::EngineKind::rollback_check;
    const auto chk = run_network(p, config);
    CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
    CHECK(chk.sink.delivered.size() == seq.sink.delivered.size());
  }
}

TEST_CASE("PR-DRB on the dragonfly: recurring group-shift bursts, solutions saved and re-applied") {
  NetworkParams p = dragonfly("prdrb", "uniform", 0.05);
  net::TrafficPhase burst;
  burst.duration_cycles = 300;
  burst.pattern = "group_shift";
  burst.load = 0.5;
  net::TrafficPhase quiet;
  quiet.duration_cycles = 300;
  quiet.pattern = "uniform";
  quiet.load = 0.05;
  p.phases = {burst, quiet};
  p.phases_repeat = 3;
  auto& o = p.routing_options_as<net::prdrb::PrDrbParams>();
  o.drb.max_width = 4;
  o.notification = net::prdrb::Notification::kRouter;
  o.router_threshold = 8;
  const auto run = run_network(p);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kNonMinimal, 1000);
  std::uint64_t saved = 0;
  std::uint64_t hits = 0;
  for (const auto& s : run.sink.sources) {
    saved += s.saved;
    hits += s.hits;
  }
  MESSAGE("PR-DRB on the dragonfly: " << saved << " solutions saved, " << hits << " re-applied");
  CHECK(saved > 0);
  CHECK(hits > 0);
}
