// SPDX-License-Identifier: Apache-2.0
// ugal_global (routing/dragonfly_ugal_global.hpp), UGAL-G: its routes are ugal_local's (their
// channel dependency graph, with both decisions at every source router, is checked acyclic in
// test_dragonfly_adaptive.cpp on the same DragonflyAdaptiveRouting); here, that route() only
// ever asks for one of those two routes, that an empty board means minimal, and in whole
// networks: under group shift it beats minimal routing, under uniform traffic it stays close to
// it, and two sequential runs agree. Exchange mode (ugal.global_info = exchange): what a router
// reports to its group and when (hand-driven, with a recording control), that the decision reads
// the table, and in whole networks that it is rollback-safe (rollback-check engine).
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "models/network/router/router_state.hpp"
#include "models/network/routing/dragonfly_ugal_global.hpp"
#include "models/network/topology/dragonfly.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "tests/models/network/network_run.hpp"
#include "tests/models/network/routing/dragonfly_cdg.hpp"

namespace {

net::testing::NetworkRun run(const char* routing, const char* pattern, double load,
                             net::UgalGlobalInfo info = net::UgalGlobalInfo::kOracle,
                             pdes::EngineKind engine = pdes::EngineKind::sequential) {
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
  if (std::string(routing) == "ugal_global") {
    net::UgalGlobalParams options;
    options.info = info;
    p.routing_options = options;
  }
  pdes::KernelConfig config;
  config.seed = 3;
  config.engine = engine;
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

constexpr std::int64_t kCycle = 1000;

struct Ideal {
  pdes::LpId target;
  net::ControlMessage message;
  std::int64_t delay;
};

// Records what the monitor asks for; the test hands messages on itself.
class RecordingControl final : public net::RouterControl {
 public:
  explicit RecordingControl(std::int64_t now) : now_(now) {}
  std::int64_t now() const override { return now_; }
  std::int64_t cycle() const override { return kCycle; }
  std::int64_t send_over_link(net::PortId, net::ControlMessage, std::uint32_t) override {
    FAIL("no message over a link");
    return 0;
  }
  void send_to_node(net::NodeId, net::ControlMessage, std::uint32_t) override {
    FAIL("no message to a node");
  }
  void send_ideal(pdes::LpId target, net::ControlMessage m, std::int64_t delay) override {
    m.sent = now_;
    ideal.push_back({target, m, delay});
  }
  void set_timer(std::int64_t delay, std::uint8_t topic) override {
    timers.push_back({delay, topic});
  }
  std::vector<Ideal> ideal;
  std::vector<std::pair<std::int64_t, std::uint8_t>> timers;

 private:
  std::int64_t now_;
};

// The default dragonfly (p2 a4 h2 g9; ports: 2 terminals, 3 local, 2 global from port 5), 3 VCs
// of 8 flits, ugal_global in exchange mode with its states; the routers' hardware by hand.
struct Group {
  static constexpr std::uint32_t kVcs = 3;
  static constexpr std::uint32_t kDepth = 8;
  net::Dragonfly t{net::DragonflyParams{}};
  net::UgalGlobalRouting routing{t, exchange_params(), kDepth};
  std::vector<net::RouterState> routers;
  Group() {
    for (net::RouterId r = 0; r < t.num_routers(); ++r) {
      net::RouterState s;
      net::VcState empty;
      empty.credits = kDepth;
      s.size_arrays(std::size_t{7} * kVcs, 7, empty);
      s.depth = kDepth;
      s.agents.set(routing_state(r), net::AlgorithmState{});
      routers.push_back(std::move(s));
    }
  }
  static net::UgalGlobalParams exchange_params() {
    net::UgalGlobalParams p;
    p.info = net::UgalGlobalInfo::kExchange;
    return p;
  }
  net::AlgorithmState routing_state(net::RouterId r) const {
    const net::RouterMonitor& m = *routing.router_monitor();
    return m.initial_state(r);
  }
  net::RouterView view(net::RouterId r, std::int64_t now) const {
    return net::RouterView(r, routers[r], kVcs, t, now);
  }
  net::AlgorithmState none;  // never used: every router's agents hold the routing's state
  net::AlgorithmState& state(net::RouterId r) { return routers[r].agents.routing(none); }
  const net::UgalGroupTable& table(net::RouterId r) { return state(r).get<net::UgalGroupTable>(); }
  // `flits` queued downstream of global port k of router r (credits taken from VC 0).
  void queue(net::RouterId r, std::uint32_t k, std::uint16_t flits) {
    routers[r].vcs[(5 + k) * kVcs].credits = static_cast<std::uint16_t>(kDepth - flits);
  }
  // A flit leaves router r at `now`: the monitor's departure hook.
  RecordingControl depart(net::RouterId r, std::int64_t now) {
    RecordingControl control(now);
    routing.router_monitor()->on_departure(view(r, now), 5, net::Flit{}, control, state(r));
    return control;
  }
  RecordingControl timer(net::RouterId r, std::int64_t now) {
    RecordingControl control(now);
    routing.router_monitor()->on_timer(view(r, now), 1, control, state(r));
    return control;
  }
  // Hands every report in `sent` to its target.
  void deliver(const RecordingControl& sent) {
    for (const Ideal& m : sent.ideal) {
      const net::RouterId to = m.target.value();
      RecordingControl there(sent.now() + m.delay);
      routing.router_monitor()->on_control(view(to, there.now()), net::kNoPort, m.message, there,
                                           state(to));
    }
  }
};

}  // namespace

TEST_CASE(
    "ugal_global exchange: a change goes to the other routers of the group, at most once "
    "per cycle; an idle router sends nothing") {
  Group g;
  REQUIRE(g.routing.exchange_delay() == 1);  // local links: router.link_latency's default
  // Router 5 (group 1, index 1): idle, a flit leaves on a local port: nothing, no timer.
  const auto idle = g.depart(5, 10 * kCycle);
  CHECK(idle.ideal.empty());
  CHECK(idle.timers.empty());
  // 3 flits queue at its global port 0: one report to each of routers 4, 6, 7, one timer.
  g.queue(5, 0, 3);
  const auto first = g.depart(5, 20 * kCycle);
  REQUIRE(first.ideal.size() == 3);
  std::vector<std::uint64_t> targets;
  for (const Ideal& m : first.ideal) {
    targets.push_back(m.target.value());
    CHECK(m.delay == 1 * kCycle);
    const auto report = m.message.body.get<net::UgalQueueReport>();
    CHECK(report.sender == 1);
    CHECK(report.first == 0);
    CHECK(report.count == 2);
    CHECK(report.queue[0] == 3);
    CHECK(report.queue[1] == 0);
  }
  CHECK(targets == std::vector<std::uint64_t>{4, 6, 7});
  REQUIRE(first.timers.size() == 1);
  CHECK(first.timers[0].first == kCycle);
  g.deliver(first);
  for (net::RouterId r : {4, 6, 7}) {
    CHECK(g.table(r).queue[1 * 2 + 0] == 3);
    CHECK(g.routing.known_queue(g.view(r, 21 * kCycle), 1 * 2 + 0) == 3);
  }
  CHECK(g.table(0).queue[1 * 2 + 0] == 0);  // another group's router heard nothing
  // Within the same cycle the queue grows: no report yet (the timer is pending).
  g.queue(5, 0, 5);
  const auto again = g.depart(5, 20 * kCycle + 500);
  CHECK(again.ideal.empty());
  CHECK(again.timers.empty());
  // The timer, a cycle after the report: the new value goes out, and polling goes on.
  const auto later = g.timer(5, 21 * kCycle);
  REQUIRE(later.ideal.size() == 3);
  CHECK(later.ideal[0].message.body.get<net::UgalQueueReport>().queue[0] == 5);
  CHECK(later.timers.size() == 1);
  g.deliver(later);
  CHECK(g.table(7).queue[2] == 5);
  // Unchanged at the next poll: nothing sent, still polling while the queue is not empty.
  const auto same = g.timer(5, 22 * kCycle);
  CHECK(same.ideal.empty());
  CHECK(same.timers.size() == 1);
  // Credits come back: the zero is reported, then the router goes quiet.
  g.queue(5, 0, 0);
  const auto empty = g.timer(5, 23 * kCycle);
  REQUIRE(empty.ideal.size() == 3);
  CHECK(empty.timers.empty());
  g.deliver(empty);
  CHECK(g.table(4).queue[2] == 0);
  CHECK(g.depart(5, 30 * kCycle).ideal.empty());
}

TEST_CASE(
    "ugal_global exchange: the decision reads the group's table, and the router's own "
    "global queues live") {
  Group g;
  // Router 0 (group 0), packets to group 1 via group 3. With absolute arrangement group 0's
  // link to group 1 is its link 0 (router 0, port 5), to group 3 its link 2 (router 1).
  const net::RouterId dst = 4;  // group 1
  const std::uint64_t via = 3;
  std::uint64_t to1 = 99;
  std::uint64_t to3 = 99;
  for (std::uint64_t link = 0; link < 8; ++link) {
    if (g.t.global_peer(0, link)->group == 1) to1 = link;
    if (g.t.global_peer(0, link)->group == 3) to3 = link;
  }
  REQUIRE(to1 / 2 == 0);  // on router 0 itself
  REQUIRE(to3 / 2 == 1);  // on router 1
  CHECK(g.routing.prefers_minimal(g.view(0, 0), dst, via));
  // Its own link to group 1 fills: it sees it at once, and routes via group 3.
  g.queue(0, static_cast<std::uint32_t>(to1 % 2), 8);
  CHECK_FALSE(g.routing.prefers_minimal(g.view(0, 0), dst, via));
  // Router 1 reports as full a link to group 3, on the longer route: minimal again (8 * H_min
  // <= 8 * H_nonmin), once the report is in.
  g.queue(1, static_cast<std::uint32_t>(to3 % 2), 8);
  CHECK_FALSE(g.routing.prefers_minimal(g.view(0, 0), dst, via));
  g.deliver(g.depart(1, 5 * kCycle));
  CHECK(g.table(0).queue[to3] == 8);
  CHECK(g.routing.prefers_minimal(g.view(0, 6 * kCycle), dst, via));
  // The oracle's board knows nothing of this (a different mode).
  CHECK(g.routing.info() == net::UgalGlobalInfo::kExchange);
}

TEST_CASE(
    "ugal_global exchange: rollback-safe (rollback-check engine), and beats minimal under "
    "group shift") {
  const auto plain = run("ugal_global", "group_shift", 0.4, net::UgalGlobalInfo::kExchange);
  net::testing::check_delivered_exactly_once(plain, net::testing::HopRule::kNonMinimal, 1000);
  const auto checked = run("ugal_global", "group_shift", 0.4, net::UgalGlobalInfo::kExchange,
                           pdes::EngineKind::rollback_check);
  CHECK(checked.result.total.event_digest == plain.result.total.event_digest);
  CHECK(checked.result.total.events_committed == plain.result.total.events_committed);
  const double minimal_shift = accepted(run("dragonfly_minimal", "group_shift", 0.5));
  const auto shift = run("ugal_global", "group_shift", 0.5, net::UgalGlobalInfo::kExchange);
  CHECK(accepted(shift) > 1.5 * minimal_shift);
  const auto oracle = run("ugal_global", "group_shift", 0.5);
  // docs/dragonfly.md, "UGAL-G with exchanged queues": within a few per cent of the oracle's
  // throughput here, for about a third more events (the reports and the polling timers).
  CHECK(accepted(shift) >= 0.95 * accepted(oracle));
  CHECK(shift.result.total.events_committed < 1.5 * oracle.result.total.events_committed);
  MESSAGE("group shift 0.5: minimal "
          << minimal_shift << ", ugal_global exchange " << accepted(shift) << ", oracle "
          << accepted(oracle) << "; events: exchange " << shift.result.total.events_committed
          << ", oracle " << oracle.result.total.events_committed);
}

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
