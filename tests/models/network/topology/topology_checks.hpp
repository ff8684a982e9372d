// SPDX-License-Identifier: Apache-2.0
//
// Property checks that every Topology must pass (the contracts in topology.hpp), with a BFS over
// neighbour() as the independent oracle for distance(), diameter() and minimal_ports(). Meant
// for small instances: the pair checks are O(routers^2 * ports).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "models/network/topology/graph_distance.hpp"
#include "models/network/topology/topology.hpp"

namespace net::testing {

/// Links are symmetric, port kinds agree with neighbour() and node_at(), nodes round-trip.
inline void check_wiring(const Topology& t) {
  PortId max_ports = 0;
  std::uint64_t terminal_ports = 0;
  for (RouterId r = 0; r < t.num_routers(); ++r) {
    max_ports = std::max(max_ports, t.num_ports(r));
    for (PortId p = 0; p < t.num_ports(r); ++p) {
      const auto peer = t.neighbour(r, p);
      const auto node = t.node_at(r, p);
      switch (t.port_kind(r, p)) {
        case PortKind::kNetwork: {
          REQUIRE(peer.has_value());
          CHECK_FALSE(node.has_value());
          CHECK(peer->router != r);
          const auto back = t.neighbour(peer->router, peer->port);
          REQUIRE(back.has_value());
          CHECK(*back == RouterPort{r, p});
          CHECK(t.port_kind(peer->router, peer->port) == PortKind::kNetwork);
          break;
        }
        case PortKind::kTerminal:
          CHECK_FALSE(peer.has_value());
          REQUIRE(node.has_value());
          CHECK(t.attachment(*node) == RouterPort{r, p});
          ++terminal_ports;
          break;
        case PortKind::kUnconnected:
          CHECK_FALSE(peer.has_value());
          CHECK_FALSE(node.has_value());
          break;
      }
    }
  }
  CHECK(max_ports == t.max_ports());
  CHECK(terminal_ports == t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const RouterPort at = t.attachment(n);
    CHECK(t.router_of_node(n) == at.router);
    CHECK(t.terminal_port_of_node(n) == at.port);
    CHECK(t.port_kind(at.router, at.port) == PortKind::kTerminal);
    CHECK(t.node_at(at.router, at.port) == n);
  }
}

/// distance() equals BFS for all pairs, diameter() equals the BFS diameter, and minimal_ports()
/// lists exactly the ports whose neighbour is one hop closer.
inline void check_distances_and_minimal_ports(const Topology& t) {
  const GraphDistance bfs(t);
  CHECK(t.diameter() == bfs.diameter());
  // Counted rather than CHECKed per pair, to keep the assertion count small; the first failing
  // pair is reported.
  std::uint64_t mismatches = 0;
  std::string first;
  const auto mismatch = [&](RouterId a, RouterId b, const char* what) {
    if (mismatches++ == 0) {
      first = std::string(what) + " from router " + std::to_string(a) + " to " + std::to_string(b);
    }
  };
  for (RouterId a = 0; a < t.num_routers(); ++a) {
    for (RouterId b = 0; b < t.num_routers(); ++b) {
      const std::uint32_t d = t.distance(a, b);
      if (d != bfs.distance(a, b)) mismatch(a, b, "distance differs from BFS");
      PortList expected;
      for (PortId p = 0; p < t.num_ports(a); ++p) {
        const auto peer = t.neighbour(a, p);
        if (peer && bfs.distance(peer->router, b) + 1u == d) expected.push_back(p);
      }
      const PortList ports = t.minimal_ports(a, b);
      if (!(ports == expected)) mismatch(a, b, "minimal_ports differ from BFS");
      if (ports.empty() != (a == b)) mismatch(a, b, "minimal_ports empty iff a == b violated");
      if (a != b && t.first_minimal_port(a, b) != ports[0]) {
        mismatch(a, b, "first_minimal_port differs from minimal_ports()[0]");
      }
    }
  }
  CHECK_MESSAGE(mismatches == 0, t.summary()
                                     << ": " << mismatches << " mismatches, first: " << first);
}

inline void check_topology(const Topology& t) {
  check_wiring(t);
  check_distances_and_minimal_ports(t);
}

}  // namespace net::testing
