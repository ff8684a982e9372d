// SPDX-License-Identifier: Apache-2.0
// Seed 002's selections on hand-built router states: local_status (D, R), speculative_1hop
// (+ N1) and speculative_2hop (+ k N2), their tie-break and the ages they tally; the
// [speculative] parameters.
#include <doctest/doctest.h>

#include <vector>

#include "models/network/router/router_state.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/selection/speculative/neighbour_status.hpp"
#include "models/network/selection/speculative/speculative_params.hpp"
#include "models/network/topology/mesh.hpp"

namespace {

using net::SelectionOption;
using net::speculative::NcbEntry;
using net::speculative::NeighbourStatus;
using net::speculative::SpeculativeParams;

constexpr std::int64_t kCycle = 1000;

// Router 5 = (1,1) of a 4x4 mesh (ports +x, -x, +y, -y, node), 2 VCs of 4 flits, at `now`.
struct Bench {
  net::Mesh mesh{{4, 4}};
  net::RouterState state;
  net::Flit head;
  std::int64_t now = 50 * kCycle;
  SpeculativeParams params;
  net::AlgorithmState selection_state;

  Bench() {
    net::VcState empty;
    empty.credits = 4;
    state.size_arrays(5 * 2, 5, empty);
  }
  std::unique_ptr<net::SelectionFunction> make(const char* name) const {
    net::SelectionRegistry registry;
    net::register_selection_functions(registry);
    return registry.create(name, net::SelectionSetup{&mesh, kCycle, params});
  }
  // The status as the exchange would have left it: neighbours' values sampled at cycle 10.
  NeighbourStatus& status(const net::SelectionFunction& s) {
    if (selection_state.empty()) selection_state = s.initial_state(5);
    return selection_state.get<NeighbourStatus>();
  }
  void neighbour(const net::SelectionFunction& s, net::PortId port, std::uint16_t one,
                 std::uint16_t two) {
    status(s).one_hop[port] = {10 * kCycle, one, 1, 0, 0};
    status(s).two_hop[port] = {10 * kCycle, two, 1, 0, 0};
  }
  std::size_t select(const net::SelectionFunction& s, net::PortId in_port,
                     std::vector<SelectionOption> options) {
    if (selection_state.empty()) selection_state = s.initial_state(5);
    std::uint64_t draws = 0;
    pdes::Rng rng(1, pdes::LpId{5}, draws);
    const net::RouterView view(5, state, 2, mesh, now);
    return s.select({view, in_port, in_port == 4, head}, options, selection_state, rng);
  }
  // One packet routed to output `out` from input port `in`, VC 0: a request for `out` (R).
  void request(net::PortId in, net::PortId out) {
    state.vcs[in * 2].routed = 1;
    state.vcs[in * 2].out_port = static_cast<std::uint8_t>(out);
  }
};

}  // namespace

TEST_CASE("local_status: least D + R; D penalises going straight") {
  Bench b;
  const auto s = b.make("local_status");
  // In on port 1 (from -x, moving +x): +x (port 0) continues, D = 1; +y (port 2) turns, D = 0.
  CHECK(b.select(*s, 1, {{0, 0, 4}, {2, 0, 4}}) == 1);
  // Two requests on +y outweigh the straight penalty.
  b.request(3, 2);
  b.request(4, 2);
  CHECK(b.select(*s, 1, {{0, 0, 4}, {2, 0, 4}}) == 0);
  // Fresh from the node (no dimension, D = 0): the fewer requests.
  CHECK(b.select(*s, 4, {{2, 0, 4}, {0, 0, 4}}) == 1);
}

TEST_CASE("d_marks = turn: D marks the turning channels instead") {
  Bench b;
  b.params.d_marks = net::DimensionTerm::kTurn;
  const auto s = b.make("local_status");
  CHECK(b.select(*s, 1, {{2, 0, 4}, {0, 0, 4}}) == 1);  // straight on +x wins
  CHECK(b.select(*s, 4, {{2, 0, 4}, {0, 0, 4}}) == 0);  // fresh from the node: no D at all
}

TEST_CASE("ties go to the more credits, then to the routing's order") {
  Bench b;
  const auto s = b.make("local_status");
  CHECK(b.select(*s, 4, {{0, 0, 2}, {2, 0, 3}}) == 1);
  CHECK(b.select(*s, 4, {{0, 0, 3}, {2, 0, 3}}) == 0);
  CHECK(b.select(*s, 4, {{2, 0, 3}, {0, 0, 3}}) == 0);
}

TEST_CASE("speculative_1hop adds the neighbours' load N1, local_status does not") {
  Bench b;
  const auto spec = b.make("speculative_1hop");
  b.neighbour(*spec, 0, 0, 9);  // +x: idle neighbour (a loaded one beyond it)
  b.neighbour(*spec, 2, 2, 0);  // +y: two packets in the neighbour
  CHECK(b.select(*spec, 4, {{2, 0, 4}, {0, 0, 4}}) == 1);  // E(+y) = 2, E(+x) = 0
  CHECK(b.select(*b.make("local_status"), 4, {{2, 0, 4}, {0, 0, 4}}) == 0);
  // D + R + N1 together: straight on +x (D = 1) with one request (R = 1) against N1 = 2.
  b.request(3, 0);
  CHECK(b.select(*spec, 1, {{2, 0, 4}, {0, 0, 4}}) == 0);  // E(+y) = 2 = E(+x): routing order
  b.request(4, 0);
  CHECK(b.select(*spec, 1, {{0, 0, 4}, {2, 0, 4}}) == 1);  // E(+x) = 3 > E(+y) = 2
}

TEST_CASE("speculative_2hop weighs the two-hop load by k") {
  Bench b;
  const auto two = b.make("speculative_2hop");
  b.neighbour(*two, 0, 0, 4);  // +x: E = 0 + 0.5 * 4 = 2
  b.neighbour(*two, 2, 1, 0);  // +y: E = 1
  CHECK(b.select(*two, 4, {{0, 0, 4}, {2, 0, 4}}) == 1);
  Bench light;
  light.params.k = 0.1;  // +x: E = 0.4 < 1
  const auto two_light = light.make("speculative_2hop");
  light.neighbour(*two_light, 0, 0, 4);
  light.neighbour(*two_light, 2, 1, 0);
  CHECK(light.select(*two_light, 4, {{0, 0, 4}, {2, 0, 4}}) == 0);
  // The 1-hop level ignores N2: +x wins on N1.
  Bench one;
  const auto s1 = one.make("speculative_1hop");
  one.neighbour(*s1, 0, 0, 4);
  one.neighbour(*s1, 2, 1, 0);
  CHECK(one.select(*s1, 4, {{0, 0, 4}, {2, 0, 4}}) == 0);
}

TEST_CASE("each value used is tallied by its age; values never received count nothing") {
  Bench b;
  const auto two = b.make("speculative_2hop");
  b.neighbour(*two, 0, 1, 1);  // sampled at cycle 10, used at 50: 40 cycles old
  b.select(*two, 4, {{0, 0, 4}, {2, 0, 4}});  // +y: nothing received yet
  const NeighbourStatus& s = b.status(*two);
  CHECK(s.one_hop_age.uses == 1);
  CHECK(s.one_hop_age.sum == 40);
  CHECK(s.one_hop_age.max == 40);
  CHECK(s.one_hop_age.min == 40);
  CHECK(s.two_hop_age.uses == 1);
  // A quiet neighbour's zero is exact: not tallied.
  b.status(*two).one_hop[2] = {10 * kCycle, 0, 1, 1, 0};
  b.select(*two, 4, {{0, 0, 4}, {2, 0, 4}});
  CHECK(b.status(*two).one_hop_age.uses == 2);
}

TEST_CASE("the speculative parameters: k >= 0, a period no shorter than its exchange") {
  SpeculativeParams p;
  CHECK_NOTHROW(p.validate());
  CHECK(p.exchange_cycles() == 10);
  SUBCASE("k < 0") {
    p.k = -0.5;
    CHECK_THROWS_WITH_AS(p.validate(), doctest::Contains("speculative.k"), pdes::ConfigError);
  }
  SUBCASE("period shorter than handshake + data") {
    p.period_cycles = 9;
    CHECK_THROWS_WITH_AS(p.validate(), doctest::Contains("speculative.period_cycles"),
                         pdes::ConfigError);
  }
  SUBCASE("an exchange of no cycles") {
    p.handshake_cycles = 0;
    p.data_cycles = 0;
    CHECK_THROWS_AS(p.validate(), pdes::ConfigError);
  }
}
