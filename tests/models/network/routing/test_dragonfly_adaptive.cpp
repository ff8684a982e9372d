// SPDX-License-Identifier: Apache-2.0
// The dragonfly's source-adaptive routings (routing/dragonfly_adaptive.hpp): with both decisions
// at every decision point, their channel dependency graphs are acyclic on the classes they
// state; par's routes take at most two local hops in the source group; in whole networks they
// deliver every packet and, under group shift, beat minimal routing.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "models/network/routing/dragonfly_adaptive.hpp"
#include "models/network/routing/dragonfly_ugal_global.hpp"
#include "models/network/topology/dragonfly.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "tests/models/network/network_run.hpp"
#include "tests/models/network/routing/dragonfly_cdg.hpp"

namespace {

using Mode = net::DragonflyAdaptiveRouting::Mode;
using net::testing::Cdg;
using net::testing::Channel;
using net::testing::has_cycle;

struct Walk {
  std::uint32_t longest = 0;
  std::uint32_t most_source_locals = 0;  // local hops in the source group
  std::set<std::uint32_t> classes;
};

void explore(const net::Dragonfly& t, const net::DragonflyAdaptiveRouting& routing,
             const net::Flit& first, Cdg& cdg, Walk& walk) {
  struct State {
    net::RouterId router;
    net::PortId in_port;
    std::uint32_t in_class;
    bool from_terminal;
    std::uint32_t hops;
    std::uint32_t source_locals;
    net::Flit head;  // the header may carry the source's decision
  };
  const net::RouterPort src = t.attachment(first.src);
  const net::RouterId dst_router = t.attachment(first.dst).router;
  std::vector<State> todo{{src.router, src.port, 0, true, 1, 0, first}};
  while (!todo.empty()) {
    const State s = todo.back();
    todo.pop_back();
    REQUIRE(s.hops <= 8);
    walk.longest = std::max(walk.longest, s.hops);
    walk.most_source_locals = std::max(walk.most_source_locals, s.source_locals);
    if (s.router == dst_router) continue;
    std::optional<Channel> from;
    if (!s.from_terminal) {
      const auto up = t.neighbour(s.router, s.in_port);
      from = Channel{up->router, up->port, s.in_class};
    }
    const net::RouteInput at{s.router, s.in_port, s.in_class, s.from_terminal};
    const bool decides = routing.decides_at(at, s.head);
    for (const bool minimal : {true, false}) {
      if (!minimal && !decides) continue;
      net::Flit head = s.head;
      net::RouteCandidates out;
      routing.route_given(at, head, minimal, out);
      REQUIRE_FALSE(out.empty());
      for (const net::RouteCandidate& c : out) {
        REQUIRE(c.vc_class < routing.vc_classes());
        walk.classes.insert(c.vc_class);
        if (from) cdg[*from].insert(Channel{s.router, c.port, c.vc_class});
        const auto nb = t.neighbour(s.router, c.port);
        REQUIRE(nb.has_value());
        const bool source_local =
            t.is_local_port(c.port) && t.group_of(s.router) == t.group_of_node(head.src);
        todo.push_back({nb->router, nb->port, c.vc_class, false, s.hops + 1,
                        s.source_locals + (source_local ? 1u : 0u), head});
      }
    }
  }
}

Cdg build_cdg(const net::Dragonfly& t, const net::DragonflyAdaptiveRouting& routing, Walk& walk) {
  Cdg cdg;
  const std::uint32_t p = t.concentration();
  for (net::RouterId s = 0; s < t.num_routers(); ++s) {
    for (net::RouterId d = 0; d < t.num_routers(); ++d) {
      for (std::uint32_t via = 0; via <= t.num_groups(); ++via) {  // 0: none
        const bool useful = via != 0 && via - 1 != t.group_of(s) && via - 1 != t.group_of(d) &&
                            t.group_of(s) != t.group_of(d);
        if (via != 0 && !useful) continue;
        net::Flit head;
        head.src = static_cast<std::uint32_t>(s * p);
        head.dst = static_cast<std::uint32_t>(d * p + p - 1);
        net::DragonflyAdaptiveHeader header;
        header.intermediate_plus_one = via;
        head.route.set(header);
        explore(t, routing, head, cdg, walk);
      }
    }
  }
  return cdg;
}

}  // namespace

TEST_CASE(
    "ugal_local, ugal_global and par: acyclic channel dependencies with both decisions "
    "everywhere") {
  for (const auto arrangement :
       {net::GlobalArrangement::kAbsolute, net::GlobalArrangement::kCirculant}) {
    for (const std::optional<std::uint64_t> g :
         {std::optional<std::uint64_t>{}, std::optional<std::uint64_t>{4}}) {
      net::DragonflyParams d;
      d.arrangement = arrangement;
      d.g = g;
      const net::Dragonfly t(d);
      CAPTURE(t.summary());
      // ugal_global takes ugal_local's routes: its DragonflyAdaptiveRouting is walked too.
      const net::UgalGlobalRouting ugal_global(t, {}, 8);
      for (const int which : {0, 1, 2}) {
        const Mode mode = which == 1 ? Mode::kProgressive : Mode::kUgalLocal;
        const net::DragonflyAdaptiveRouting own(t, mode, {}, 8);
        const net::DragonflyAdaptiveRouting& routing = which == 2 ? ugal_global.routes() : own;
        CAPTURE(which);
        Walk walk;
        const Cdg cdg = build_cdg(t, routing, walk);
        CHECK_FALSE(has_cycle(cdg));
        CHECK(walk.longest <= (mode == Mode::kUgalLocal ? 6u : 7u));
        CHECK(walk.most_source_locals == (mode == Mode::kUgalLocal ? 1u : 2u));
        CHECK(walk.classes.size() == routing.vc_classes());
      }
    }
  }
}

TEST_CASE("ugal_local without queue information routes minimally") {
  const net::Dragonfly t(net::DragonflyParams{});
  const net::DragonflyAdaptiveRouting routing(t, Mode::kUgalLocal, {}, 8);
  net::Flit head;
  head.src = 0;
  head.dst = 40;  // group 5
  net::DragonflyAdaptiveHeader header;
  header.intermediate_plus_one = 3;  // group 2
  head.route.set(header);
  net::RouteCandidates out;
  routing.route({0, 0, 0, true}, head, out);
  REQUIRE(out.size() == 1);
  CHECK(out[0].port == t.minimal_route_ports(0, 20)[0]);
  CHECK(head.route.get<net::DragonflyAdaptiveHeader>().nonminimal == 0);
}

TEST_CASE("ugal.queue_estimate: backlog counts the packets waiting for an output, downstream not") {
  const net::Dragonfly t(net::DragonflyParams{});
  constexpr std::uint32_t kVcs = 3, kDepth = 8;
  net::RouterState state;
  net::VcState full;
  full.credits = kDepth;
  state.size_arrays(t.num_ports(0) * kVcs, t.num_ports(0), full);
  state.depth = kDepth;
  const net::PortId minimal = t.minimal_route_ports(0, 20)[0];
  const net::PortId detour = t.route_ports_to_group(0, 2)[0];
  REQUIRE(minimal != detour);
  // Two 4-flit packets wait for the minimal route's port; its downstream buffers are empty,
  // the detour's hold one flit.
  state.ports[minimal].waiting_flits = 8;
  state.vcs[detour * kVcs].credits = kDepth - 1;
  const net::RouterView view(0, state, kVcs, t, 0);
  CHECK(view.output_queue(minimal, net::QueueEstimate::kDownstream) == 0);
  CHECK(view.output_queue(minimal, net::QueueEstimate::kBacklog) == 8);
  CHECK(view.output_queue(detour, net::QueueEstimate::kDownstream) == 1);
  CHECK(view.output_queue(detour, net::QueueEstimate::kBacklog) == 1);
  for (const auto estimate : {net::QueueEstimate::kDownstream, net::QueueEstimate::kBacklog}) {
    for (const Mode mode : {Mode::kUgalLocal, Mode::kProgressive}) {
      net::UgalParams params;
      params.queue_estimate = estimate;
      const net::DragonflyAdaptiveRouting routing(t, mode, params, kDepth);
      net::Flit head;
      head.src = 0;
      head.dst = 40;  // router 20, group 5
      net::DragonflyAdaptiveHeader header;
      header.intermediate_plus_one = 3;  // group 2
      head.route.set(header);
      net::RouteCandidates out;
      routing.route({0, 0, 0, true, &view}, head, out);
      REQUIRE(out.size() == 1);
      // downstream: 0 * H_min <= 1 * H_non, minimal; backlog: 8 * H_min > 1 * H_non.
      CHECK(out[0].port == (estimate == net::QueueEstimate::kBacklog ? detour : minimal));
    }
  }
  CHECK(net::UgalParams{}.queue_estimate == net::QueueEstimate::kBacklog);  // the default
}

TEST_CASE("ugal_local and par deliver every packet; under group shift they beat minimal") {
  const auto run = [](const char* routing, const char* pattern, double load) {
    net::NetworkParams p;
    p.topology = "dragonfly";
    p.topology_options = net::DragonflyParams{};
    p.routing = routing;
    p.router.vcs = 4;
    p.router.buffer_depth = 8;
    p.packet_size = 4;
    p.pattern = pattern;
    if (std::string(pattern) == "group_shift") p.pattern_options = net::traffic::GroupShiftParams{};
    p.load = load;
    p.injection_end_cycle = 3000;
    pdes::KernelConfig config;
    config.seed = 3;
    return net::testing::run_network(p, config);
  };
  const auto accepted = [](const net::testing::NetworkRun& r) {
    std::int64_t flits = 0;
    for (const auto& d : r.sink.delivered) {
      if (d.delivered >= 1000 * 1000 && d.delivered < 3000 * 1000) flits += 4;
    }
    return static_cast<double>(flits) / 72.0 / 2000.0;
  };
  const double minimal = accepted(run("dragonfly_minimal", "group_shift", 0.5));
  for (const char* routing : {"ugal_local", "par"}) {
    CAPTURE(routing);
    for (const char* pattern : {"uniform", "group_shift"}) {
      CAPTURE(pattern);
      const auto r = run(routing, pattern, 0.5);
      net::testing::check_delivered_exactly_once(r, net::testing::HopRule::kNonMinimal, 1000);
      if (std::string(pattern) == "group_shift") CHECK(accepted(r) > 1.5 * minimal);
    }
  }
}
