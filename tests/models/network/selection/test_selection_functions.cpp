// SPDX-License-Identifier: Apache-2.0
// Selection functions on hand-built router states, their registry, and whole runs that show
// the choice matters (straight vs max_credits under adaptive routing) while every packet arrives.
#include <doctest/doctest.h>

#include <set>
#include <vector>

#include "models/network/router/router_state.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/topology/mesh.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::SelectionOption;

// A router of a 4x4 mesh (5 ports: +x, -x, +y, -y, node) with 2 VCs and 4-flit buffers.
struct Bench {
  net::Mesh mesh{{4, 4}};
  net::RouterState state;
  net::Flit head;
  Bench() {
    net::VcState empty;
    empty.credits = 4;
    state.size_arrays(5 * 2, 5, empty);
  }
  net::RouterView view() const { return net::RouterView(5, state, 2, mesh, 0); }
  std::size_t select(const char* name, net::PortId in_port, std::vector<SelectionOption> options,
                     std::uint64_t seed = 1) const {
    net::SelectionRegistry registry;
    net::register_selection_functions(registry);
    const auto selection = registry.create(name);
    net::AlgorithmState s = selection->initial_state(5);
    std::uint64_t draws = 0;
    pdes::Rng rng(seed, pdes::LpId{5}, draws);
    const net::RouterView router = view();
    return selection->select({router, in_port, in_port == 4, head}, options, s, rng);
  }
};

}  // namespace

TEST_CASE("max_credits takes the most credits, the earlier output on a tie") {
  Bench b;
  CHECK(b.select("max_credits", 1, {{0, 0, 2}, {2, 1, 3}, {3, 0, 1}}) == 1);
  CHECK(b.select("max_credits", 1, {{0, 0, 3}, {2, 1, 3}}) == 0);
}

TEST_CASE("first takes the routing's first admissible output") {
  Bench b;
  CHECK(b.select("first", 1, {{2, 0, 1}, {0, 0, 4}}) == 0);
}

TEST_CASE("straight keeps the dimension the head arrived on") {
  Bench b;
  // In on port 1 (-x, dimension 0): +x (port 0) continues in x; port 2 (+y) turns.
  CHECK(b.select("straight", 1, {{2, 0, 4}, {0, 0, 1}}) == 1);
  // In on port 3 (-y, dimension 1): port 2 continues in y.
  CHECK(b.select("straight", 3, {{0, 0, 4}, {2, 1, 1}}) == 1);
  // No output in the arrival dimension, or fresh from the node: the first.
  CHECK(b.select("straight", 3, {{0, 0, 4}, {1, 1, 1}}) == 0);
  CHECK(b.select("straight", 4, {{2, 0, 4}, {0, 0, 1}}) == 0);
}

TEST_CASE("random draws every admissible output, reproducibly") {
  Bench b;
  std::set<std::size_t> seen;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const std::size_t i = b.select("random", 1, {{0, 0, 1}, {2, 0, 1}, {3, 0, 1}}, seed);
    CHECK(i == b.select("random", 1, {{0, 0, 1}, {2, 0, 1}, {3, 0, 1}}, seed));
    seen.insert(i);
  }
  CHECK(seen == std::set<std::size_t>{0, 1, 2});
}

TEST_CASE("the router view reads credits, occupancy, requests and dimensions") {
  Bench b;
  b.state.vcs[0 * 2 + 1].credits = 1;  // output +x, VC 1
  b.state.vcs[3 * 2 + 0].count = 2;    // input -y, VC 0: two flits waiting
  b.state.vcs[3 * 2 + 0].routed = 1;   // ...whose packet holds output +x
  b.state.vcs[3 * 2 + 0].out_port = 0;
  b.state.ports[2].output_free_at = 1000;
  const net::RouterView v = b.view();
  CHECK(v.credits(0, 1) == 1);
  CHECK(v.output_credits(0) == 5);
  CHECK(v.input_flits(3) == 2);
  CHECK(v.requests(0) == 1);
  CHECK(v.requests(2) == 0);
  CHECK(v.output_link_free(0));
  CHECK_FALSE(v.output_link_free(2));
  CHECK(v.port_dimension(3) == 1u);
  CHECK_FALSE(v.port_dimension(4).has_value());  // the node's port
}

TEST_CASE("an unknown selection function is a config error naming router.selection") {
  net::SelectionRegistry registry;
  net::register_selection_functions(registry);
  CHECK_THROWS_WITH_AS(registry.create("fastest"),
                       doctest::Contains("router.selection: unknown selection function 'fastest'"),
                       pdes::ConfigError);
}

TEST_CASE("under adaptive routing the selection function changes the run, never delivery") {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.routing = "minimal_adaptive";
  p.router.vcs = 4;
  p.packet_size = 4;
  p.load = 0.3;
  p.injection_end_cycle = 1500;
  std::set<std::uint64_t> digests;
  for (const char* name : {"max_credits", "first", "straight", "random"}) {
    CAPTURE(name);
    p.selection = name;
    pdes::KernelConfig config;
    config.seed = 3;
    const net::testing::NetworkRun run = net::testing::run_network(p, config);
    net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 500);
    digests.insert(run.result.total.event_digest);
  }
  CHECK(digests.size() == 4);
}
