// SPDX-License-Identifier: Apache-2.0
// Dragonfly (topology/dragonfly.hpp): the topology contracts for every arrangement and several
// sizes; ports, ids and latencies; one global link per pair of groups at g = a·h + 1 and the
// parallel links below it; local-global-local routes of at most 3 hops; bad values naming keys.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <utility>

#include "models/network/topology/dragonfly.hpp"
#include "tests/models/network/topology/topology_checks.hpp"

namespace {

using net::Dragonfly;
using net::DragonflyParams;
using net::GlobalArrangement;

constexpr GlobalArrangement kArrangements[] = {
    GlobalArrangement::kAbsolute, GlobalArrangement::kRelative, GlobalArrangement::kCirculant};

DragonflyParams params(std::uint32_t p, std::uint32_t a, std::uint32_t h,
                       std::optional<std::uint64_t> g, GlobalArrangement arrangement) {
  DragonflyParams d;
  d.p = p;
  d.a = a;
  d.h = h;
  d.g = g;
  d.arrangement = arrangement;
  return d;
}

// Global links between each ordered pair of groups, counted from the wiring.
std::map<std::pair<std::uint64_t, std::uint64_t>, int> links_between_groups(const Dragonfly& t) {
  std::map<std::pair<std::uint64_t, std::uint64_t>, int> count;
  for (net::RouterId r = 0; r < t.num_routers(); ++r) {
    for (net::PortId port = t.first_global_port(); port < t.max_ports(); ++port) {
      if (const auto peer = t.neighbour(r, port)) {
        ++count[{t.group_of(r), t.group_of(peer->router)}];
      }
    }
  }
  return count;
}

}  // namespace

TEST_CASE("Dragonfly satisfies the topology contracts for every arrangement") {
  for (const GlobalArrangement arrangement : kArrangements) {
    CAPTURE(std::string(net::to_string(arrangement)));
    // Balanced (a = 2p = 2h) at the largest g, fewer groups (parallel links, spare ports),
    // odd a·h (g even: circulant's self-inverse offset g/2), a single router per group.
    for (const auto& d :
         {params(2, 4, 2, std::nullopt, arrangement), params(2, 4, 2, 5, arrangement),
          params(1, 3, 1, std::nullopt, arrangement), params(1, 3, 3, 6, arrangement),
          params(2, 1, 3, std::nullopt, arrangement), params(1, 2, 1, 2, arrangement)}) {
      const Dragonfly t(d);
      CAPTURE(t.summary());
      net::testing::check_topology(t);
    }
  }
}

TEST_CASE("Dragonfly ids and ports follow the documented numbering") {
  const Dragonfly t(params(2, 4, 2, std::nullopt, GlobalArrangement::kAbsolute));
  CHECK(t.num_groups() == 9);
  CHECK(t.num_routers() == 36);
  CHECK(t.num_nodes() == 72);
  CHECK(t.max_ports() == 2 + 3 + 2);
  CHECK(t.concentration() == 2);
  CHECK(t.groups()->count == 9);
  CHECK(t.groups()->routers_per_group == 4);
  // Node 21 = router 10 (group 2, router 2), terminal 1.
  CHECK(t.attachment(21) == net::RouterPort{10, 1});
  CHECK(t.group_of_node(21) == 2);
  CHECK(t.port_kind(10, 0) == net::PortKind::kTerminal);
  // Local port p + j: routers 0, 1, 3 of group 2 from router 2.
  CHECK(t.neighbour(10, 2)->router == 8);
  CHECK(t.neighbour(10, 3)->router == 9);
  CHECK(t.neighbour(10, 4)->router == 11);
  // Global ports 5, 6 of router 2 carry links c = 4, 5 of group 2; absolute: slot c -> group c+1
  // for c >= 2, so groups 5 and 6.
  CHECK(t.group_of(t.neighbour(10, 5)->router) == 5);
  CHECK(t.group_of(t.neighbour(10, 6)->router) == 6);
}

TEST_CASE("with g = a*h + 1 every pair of groups is joined by exactly one global link") {
  for (const GlobalArrangement arrangement : kArrangements) {
    CAPTURE(std::string(net::to_string(arrangement)));
    for (const auto& d :
         {params(2, 4, 2, std::nullopt, arrangement), params(1, 3, 1, std::nullopt, arrangement),
          params(4, 8, 4, std::nullopt, arrangement)}) {
      const Dragonfly t(d);
      const auto count = links_between_groups(t);
      const std::uint64_t g = t.num_groups();
      CHECK(count.size() == g * (g - 1));
      for (const auto& [pair, n] : count) CHECK(n == 1);
      for (net::RouterId r = 0; r < t.num_routers(); ++r) {
        for (net::PortId port = 0; port < t.max_ports(); ++port) {
          CHECK(t.port_kind(r, port) != net::PortKind::kUnconnected);
        }
      }
    }
  }
}

TEST_CASE("with fewer groups every pair is joined floor(a*h/(g-1)) times or once more") {
  for (const GlobalArrangement arrangement : kArrangements) {
    CAPTURE(std::string(net::to_string(arrangement)));
    const Dragonfly t(params(2, 4, 2, 4, arrangement));  // 8 links per group, 3 other groups
    const auto count = links_between_groups(t);
    CHECK(count.size() == 12);
    for (const auto& [pair, n] : count) {
      CHECK(n >= 2);
      CHECK(n <= 3);
      CHECK(n == count.at({pair.second, pair.first}));
    }
  }
}

TEST_CASE("the arrangements wire the documented groups") {
  const auto target = [](GlobalArrangement arrangement, std::uint64_t group, std::uint64_t slot) {
    return net::DragonflyArrangement(arrangement, 9).target(group, slot);
  };
  CHECK(target(GlobalArrangement::kAbsolute, 3, 2) == 2);
  CHECK(target(GlobalArrangement::kAbsolute, 3, 3) == 4);
  CHECK(target(GlobalArrangement::kRelative, 7, 0) == 8);
  CHECK(target(GlobalArrangement::kRelative, 7, 3) == 2);
  CHECK(target(GlobalArrangement::kCirculant, 0, 0) == 1);
  CHECK(target(GlobalArrangement::kCirculant, 0, 1) == 8);
  CHECK(target(GlobalArrangement::kCirculant, 0, 2) == 2);
  CHECK(target(GlobalArrangement::kCirculant, 0, 3) == 7);
  // g even: the last slot is offset g/2, its own reverse.
  const net::DragonflyArrangement even(GlobalArrangement::kCirculant, 6);
  CHECK(even.target(1, 4) == 4);
  CHECK(even.reverse_slot(1, 4) == 4);
  for (const GlobalArrangement arrangement : kArrangements) {
    for (std::uint64_t g : {2u, 5u, 6u, 9u}) {
      const net::DragonflyArrangement a(arrangement, g);
      for (std::uint64_t group = 0; group < g; ++group) {
        for (std::uint64_t slot = 0; slot < g - 1; ++slot) {
          const std::uint64_t other = a.target(group, slot);
          CHECK(other != group);
          CHECK(a.slot_of(group, other) == slot);
          CHECK(a.target(other, a.reverse_slot(group, slot)) == group);
        }
      }
    }
  }
}

TEST_CASE("local-global-local routes take at most 3 hops and the diameter is 3") {
  for (const GlobalArrangement arrangement : kArrangements) {
    CAPTURE(std::string(net::to_string(arrangement)));
    const Dragonfly t(params(2, 4, 2, std::nullopt, arrangement));
    CHECK(t.diameter() == 3);
    std::uint32_t longest = 0;
    for (net::RouterId s = 0; s < t.num_routers(); ++s) {
      for (net::RouterId d = 0; d < t.num_routers(); ++d) {
        const std::uint32_t hops = t.minimal_route_hops(s, d);
        CHECK(hops >= t.distance(s, d));
        longest = std::max(longest, hops);
        // Walk the first offered port each time: it reaches d in exactly `hops` hops over at
        // most one global link.
        net::RouterId at = s;
        std::uint32_t walked = 0, globals = 0;
        while (at != d && walked < 5) {
          const net::PortList ports = t.minimal_route_ports(at, d);
          REQUIRE_FALSE(ports.empty());
          if (t.is_global_port(ports[0])) ++globals;
          at = t.neighbour(at, ports[0])->router;
          ++walked;
        }
        CHECK(at == d);
        CHECK(walked == hops);
        CHECK(globals == (t.group_of(s) == t.group_of(d) ? 0u : 1u));
      }
    }
    CHECK(longest == 3);
  }
}

TEST_CASE("Dragonfly link latencies: local and global apart, unset = router.link_latency") {
  DragonflyParams d = params(2, 4, 2, std::nullopt, GlobalArrangement::kAbsolute);
  CHECK_FALSE(Dragonfly(d).link_latency(0, 3).has_value());
  CHECK_FALSE(Dragonfly(d).min_link_latency().has_value());
  d.local_latency = 2;
  d.global_latency = 10;
  const Dragonfly t(d);
  CHECK_FALSE(t.link_latency(0, 0).has_value());  // terminal
  CHECK(t.link_latency(0, 2) == 2u);
  CHECK(t.link_latency(0, 5) == 10u);
  CHECK(t.min_link_latency() == 2u);
}

TEST_CASE("Dragonfly rejects bad values naming the key") {
  const auto key_of = [](const DragonflyParams& d) -> std::string {
    try {
      Dragonfly t(d);
    } catch (const pdes::ConfigError& e) {
      return e.key();
    }
    return "";
  };
  CHECK(key_of(params(2, 4, 2, 10, GlobalArrangement::kAbsolute)) == "dragonfly.g");
  CHECK(key_of(params(2, 4, 2, 1, GlobalArrangement::kAbsolute)) == "dragonfly.g");
  CHECK(key_of(params(0, 4, 2, std::nullopt, GlobalArrangement::kAbsolute)) == "dragonfly.p");
  CHECK(key_of(params(2, 0, 2, std::nullopt, GlobalArrangement::kAbsolute)) == "dragonfly.a");
  CHECK(key_of(params(2, 4, 0, std::nullopt, GlobalArrangement::kAbsolute)) == "dragonfly.h");
  CHECK(key_of(params(100, 100, 100, 2, GlobalArrangement::kAbsolute)) == "dragonfly.a");
  CHECK_THROWS_WITH_AS(net::parse_global_arrangement("palmtree"),
                       doctest::Contains("absolute, relative, circulant"), pdes::ConfigError);
  CHECK(key_of(params(2, 4, 2, 9, GlobalArrangement::kAbsolute)).empty());
}
