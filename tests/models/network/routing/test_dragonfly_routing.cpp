// SPDX-License-Identifier: Apache-2.0
// The dragonfly routings (routing/dragonfly_minimal.hpp, routing/dragonfly_valiant.hpp): their
// channel dependency graphs are acyclic with the VC classes they state (Dally and Seitz), the
// check finds the cycle of minimal routing on a single class, routes have the documented shape
// (at most one global link minimal, two via an intermediate group), and both refuse other
// topologies.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "models/network/routing/dragonfly_minimal.hpp"
#include "models/network/routing/dragonfly_valiant.hpp"
#include "models/network/topology/dragonfly.hpp"
#include "models/network/topology/torus.hpp"
#include "tests/models/network/routing/dragonfly_cdg.hpp"

namespace {

using net::testing::Cdg;
using net::testing::Channel;
using net::testing::has_cycle;

struct Walk {
  std::uint32_t longest = 0;        // routers crossed
  std::uint32_t most_globals = 0;   // global links crossed
  std::set<std::uint32_t> classes;  // VC classes used
};

// Every head state reachable through route() from node `src` to node `dst` with header `head`
// adds a dependency from the channel it holds to each channel it may request next.
void explore(const net::Dragonfly& t, const net::RoutingAlgorithm& routing, net::Flit head,
             Cdg& cdg, Walk& walk) {
  struct State {
    net::RouterId router;
    net::PortId in_port;
    std::uint32_t in_class;
    bool from_terminal;
    std::uint32_t hops;
    std::uint32_t globals;
  };
  const net::RouterPort src = t.attachment(head.src);
  const net::RouterId dst_router = t.attachment(head.dst).router;
  std::vector<State> todo{{src.router, src.port, 0, true, 1, 0}};
  while (!todo.empty()) {
    const State s = todo.back();
    todo.pop_back();
    REQUIRE(s.hops <= 8);  // no livelock
    walk.longest = std::max(walk.longest, s.hops);
    walk.most_globals = std::max(walk.most_globals, s.globals);
    if (s.router == dst_router) continue;
    std::optional<Channel> from;
    if (!s.from_terminal) {
      const auto up = t.neighbour(s.router, s.in_port);
      from = Channel{up->router, up->port, s.in_class};
    }
    net::RouteCandidates out;
    routing.route({s.router, s.in_port, s.in_class, s.from_terminal}, head, out);
    REQUIRE_FALSE(out.empty());
    for (const net::RouteCandidate& c : out) {
      REQUIRE(c.vc_class < routing.vc_classes());
      walk.classes.insert(c.vc_class);
      const Channel to{s.router, c.port, c.vc_class};
      if (from) cdg[*from].insert(to);
      const auto nb = t.neighbour(s.router, c.port);
      REQUIRE(nb.has_value());
      todo.push_back({nb->router, nb->port, c.vc_class, false, s.hops + 1,
                      s.globals + (t.is_global_port(c.port) ? 1u : 0u)});
    }
  }
}

// All sources and destinations (one terminal per router: routes depend on routers and groups),
// and for Valiant every intermediate group.
Cdg build_cdg(const net::Dragonfly& t, const net::RoutingAlgorithm& routing, bool valiant,
              Walk& walk) {
  Cdg cdg;
  const std::uint32_t p = t.concentration();
  for (net::RouterId s = 0; s < t.num_routers(); ++s) {
    for (net::RouterId d = 0; d < t.num_routers(); ++d) {
      net::Flit head;
      head.src = static_cast<std::uint32_t>(s * p);
      head.dst = static_cast<std::uint32_t>(d * p + p - 1);
      if (!valiant) {
        explore(t, routing, head, cdg, walk);
        continue;
      }
      for (std::uint32_t via = 0; via <= t.num_groups(); ++via) {  // 0: none
        const bool useful = via != 0 && via - 1 != t.group_of(s) && via - 1 != t.group_of(d) &&
                            t.group_of(s) != t.group_of(d);
        if (via != 0 && !useful) continue;  // prepare() never writes these
        head.route.set(net::DragonflyValiantHeader{via});
        explore(t, routing, head, cdg, walk);
      }
    }
  }
  return cdg;
}

std::vector<net::DragonflyParams> sizes() {
  std::vector<net::DragonflyParams> result;
  for (const auto arrangement :
       {net::GlobalArrangement::kAbsolute, net::GlobalArrangement::kRelative,
        net::GlobalArrangement::kCirculant}) {
    net::DragonflyParams d;  // p2 a4 h2 g9
    d.arrangement = arrangement;
    result.push_back(d);
    d.g = 4;  // parallel links: adaptive choice among them
    result.push_back(d);
  }
  return result;
}

}  // namespace

TEST_CASE("dragonfly_minimal: acyclic channel dependencies on 2 classes, <= 3 hops, 1 global") {
  for (const auto& d : sizes()) {
    const net::Dragonfly t(d);
    CAPTURE(t.summary());
    const net::DragonflyMinimalRouting routing(t);
    CHECK(routing.vc_classes() == 2);
    Walk walk;
    const Cdg cdg = build_cdg(t, routing, false, walk);
    CHECK_FALSE(cdg.empty());
    CHECK_FALSE(has_cycle(cdg));
    CHECK(walk.longest <= 4);  // routers: 3 hops
    CHECK(walk.most_globals == 1);
    CHECK(walk.classes == std::set<std::uint32_t>{0, 1});
  }
}

TEST_CASE("dragonfly_valiant: acyclic channel dependencies on 3 classes, <= 5 hops, 2 global") {
  for (const auto& d : sizes()) {
    const net::Dragonfly t(d);
    CAPTURE(t.summary());
    const net::DragonflyValiantRouting routing(t);
    CHECK(routing.vc_classes() == 3);
    Walk walk;
    const Cdg cdg = build_cdg(t, routing, true, walk);
    CHECK_FALSE(has_cycle(cdg));
    CHECK(walk.longest <= 6);  // routers: 5 hops
    CHECK(walk.most_globals == 2);
    CHECK(walk.classes == std::set<std::uint32_t>{0, 1, 2});
  }
}

TEST_CASE("the check finds the cycle of dragonfly routes on one VC class") {
  // Minimal routes with every hop in class 0: local hops in the destination group wait on
  // global links that wait on local hops in the source group, around the groups.
  class OneClass final : public net::RoutingAlgorithm {
   public:
    explicit OneClass(const net::Dragonfly& t) : t_(t) {}
    std::string_view name() const override { return "one_class"; }
    std::uint32_t vc_classes() const override { return 1; }
    void route(const net::RouteInput& at, net::Flit& head,
               net::RouteCandidates& out) const override {
      const net::RouterPort dst = t_.attachment(head.dst);
      if (dst.router == at.router) return out.add(dst.port, 0);
      for (net::PortId p : t_.minimal_route_ports(at.router, dst.router)) out.add(p, 0);
    }

   private:
    const net::Dragonfly& t_;
  };
  const net::Dragonfly t(net::DragonflyParams{});
  Walk walk;
  CHECK(has_cycle(build_cdg(t, OneClass(t), false, walk)));
}

TEST_CASE("dragonfly_valiant draws intermediate groups other than the source and destination") {
  const net::Dragonfly t(net::DragonflyParams{});
  const net::DragonflyValiantRouting routing(t);
  std::uint64_t counter = 0;
  pdes::Rng rng(1, pdes::LpId(3), counter);
  std::set<std::uint32_t> seen;
  for (int i = 0; i < 500; ++i) {
    net::Flit head;
    head.src = 0;   // group 0
    head.dst = 20;  // group 2
    routing.prepare(head, rng);
    const auto via = head.route.get<net::DragonflyValiantHeader>().intermediate_plus_one;
    CHECK(via != 1);
    CHECK(via != 3);
    seen.insert(via);
  }
  CHECK(seen.size() == 8);  // none (drawn 0 or 2), and groups 1, 3 .. 8
  net::Flit local;
  local.src = 0;
  local.dst = 7;  // same group: minimal
  routing.prepare(local, rng);
  CHECK(local.route.get<net::DragonflyValiantHeader>().intermediate_plus_one == 0);
}

TEST_CASE("the dragonfly routings refuse other topologies") {
  const net::Torus torus({4, 4}, 1);
  CHECK_THROWS_WITH_AS(net::DragonflyMinimalRouting{torus}, doctest::Contains("network.routing"),
                       pdes::ConfigError);
  CHECK_THROWS_WITH_AS(net::DragonflyValiantRouting{torus}, doctest::Contains("network.routing"),
                       pdes::ConfigError);
}
