// SPDX-License-Identifier: Apache-2.0
// Seed 002's LUC/NCB exchange (selection/speculative/status_exchange.hpp): what one round sends
// and how a value moves on from 1-hop to 2-hop NCBs (hand-driven, with a recording control);
// then in whole runs: the values' ages at use, the links it holds, rollback safety, draining.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "models/network/router/router_state.hpp"
#include "models/network/selection/speculative/status_exchange.hpp"
#include "models/network/topology/mesh.hpp"
#include "tests/models/network/network_run.hpp"
#include "tests/models/network/selection/speculative/hot_mesh.hpp"

namespace {

using net::speculative::ExchangeBody;
using net::speculative::NeighbourStatus;
using net::speculative::SpeculativeParams;
using net::speculative::StatusExchange;

using net::speculative::testing::hot_mesh;
using net::speculative::testing::kCycle;
using net::speculative::testing::mean_latency;

struct Sent {
  net::PortId port;
  net::ControlMessage message;
  std::uint32_t cycles;
};

// Records what the monitor asks for; messages "arrive" when the test hands them on.
class RecordingControl final : public net::RouterControl {
 public:
  explicit RecordingControl(std::int64_t now) : now_(now) {}
  std::int64_t now() const override { return now_; }
  std::int64_t cycle() const override { return kCycle; }
  std::int64_t send_over_link(net::PortId port, net::ControlMessage m,
                              std::uint32_t cycles) override {
    m.sent = now_;
    sent.push_back({port, m, cycles});
    return now_ + (cycles + 1) * kCycle;
  }
  void send_ideal(pdes::LpId, net::ControlMessage, std::int64_t) override { FAIL("no ideal"); }
  void send_to_node(net::NodeId, net::ControlMessage, std::uint32_t) override {
    FAIL("no message to a node");
  }
  void set_timer(std::int64_t delay, std::uint8_t topic) override {
    timers.push_back({delay, topic});
  }
  std::vector<Sent> sent;
  std::vector<std::pair<std::int64_t, std::uint8_t>> timers;

 private:
  std::int64_t now_;
};

// A 4x2 mesh (row 0: routers 0..3, row 1: 4..7; ports +x, -x, +y, -y, node); the tests follow
// values along row 0.
struct Row {
  net::Mesh mesh{{4, 2}};
  StatusExchange exchange{mesh, SpeculativeParams{}};
  std::vector<net::AlgorithmState> states;
  std::vector<net::RouterState> routers;
  Row() {
    for (net::RouterId r = 0; r < 8; ++r) {
      states.push_back(exchange.initial_state(r));
      net::RouterState s;
      s.size_arrays(5 * 2, 5);
      routers.push_back(s);
    }
  }
  void hold(net::RouterId r, std::uint32_t packets) {
    for (std::uint32_t i = 0; i < packets; ++i) routers[r].vcs[i].count = 1;
  }
  NeighbourStatus& status(net::RouterId r) { return states[r].get<NeighbourStatus>(); }
  // Router r's round at `now`, delivered to its neighbours; returns what it sent.
  std::vector<Sent> round(net::RouterId r, std::int64_t now) {
    RecordingControl control(now);
    exchange.on_timer(net::RouterView(r, routers[r], 2, mesh, now), StatusExchange::kExchangeTopic,
                      control, states[r]);
    for (const Sent& s : control.sent) {
      const auto nb = mesh.neighbour(r, s.port);
      RecordingControl there(now + (s.cycles + 1) * kCycle);
      exchange.on_control(net::RouterView(nb->router, routers[nb->router], 2, mesh, there.now()),
                          nb->port, s.message, there, states[nb->router]);
    }
    return control.sent;
  }
};

}  // namespace

TEST_CASE("the exchange starts at the first period boundary") {
  Row row;
  RecordingControl control(0);
  row.exchange.on_start(1, control, row.states[1]);
  REQUIRE(control.timers.size() == 1);
  CHECK(control.timers[0].first == 100 * kCycle);
}

TEST_CASE("a round sends the LUC to every neighbour, holding each link 2 + 8 cycles") {
  Row row;
  row.hold(1, 3);
  const std::vector<Sent> sent = row.round(1, 100 * kCycle);
  REQUIRE(sent.size() == 3);  // router 1: +x, -x and +y
  for (const Sent& s : sent) {
    CHECK(s.cycles == 10);
    CHECK(s.message.body.get<ExchangeBody>().luc == 3);
    CHECK(s.message.body.get<ExchangeBody>().luc_sampled == 100 * kCycle);
    CHECK(s.message.body.get<ExchangeBody>().relay_valid == 0);  // nothing received yet
  }
  // In 1-hop NCBs of routers 0 (its +x port faces router 1) and 2 (its -x port).
  CHECK(row.status(0).one_hop[0].value == 3);
  CHECK(row.status(2).one_hop[1].value == 3);
  CHECK(row.status(2).one_hop[1].sampled == 100 * kCycle);
}

TEST_CASE("in the next transaction the value moves on to the 2-hop NCB two hops away") {
  Row row;
  row.hold(0, 2);
  row.round(0, 100 * kCycle);  // T_n: router 0's LUC = 2 reaches router 1
  row.hold(0, 3);              // router 0 gets busier meanwhile
  row.hold(1, 1);
  // T_{n+1}: router 1 relays the T_n value to router 2 while router 0's fresh LUC is on its
  // way to router 1 (it lands 11 cycles after the transaction starts).
  row.round(1, 200 * kCycle);
  row.round(0, 200 * kCycle);
  CHECK(row.status(1).one_hop[1].value == 3);
  CHECK(row.status(1).one_hop[1].sampled == 200 * kCycle);
  CHECK(row.status(2).one_hop[1].value == 1);  // router 1's own LUC
  CHECK(row.status(2).two_hop[1].value == 2);  // router 0's, from T_n
  CHECK(row.status(2).two_hop[1].sampled == 100 * kCycle);
  CHECK(row.status(3).two_hop[1].valid == 0);  // three hops: nobody relays that far
}

TEST_CASE("an idle neighbourhood goes quiet; a non-zero value wakes a router") {
  Row row;
  RecordingControl idle(100 * kCycle);
  row.exchange.on_timer(net::RouterView(2, row.routers[2], 2, row.mesh, idle.now()),
                        StatusExchange::kExchangeTopic, idle, row.states[2]);
  CHECK(idle.timers.empty());  // all zero: one last round, then no timer
  REQUIRE(idle.sent.size() == 3);
  CHECK(idle.sent[0].message.body.get<ExchangeBody>().quiet == 1);
  row.hold(1, 1);
  row.round(1, 300 * kCycle);  // router 1 is busy: router 2 learns it and re-arms
  CHECK(row.status(2).armed == 1);
}

TEST_CASE("in a run the values are as old as the exchange makes them, and every packet arrives") {
  const net::testing::NetworkRun run =
      net::testing::run_network(hot_mesh("speculative_2hop", 0.25));
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 500);
  std::uint64_t uses[3] = {}, min_age[3] = {~0ull, ~0ull, ~0ull}, max_age[3] = {};
  for (const net::speculative::StatusAgeTotals& a : run.sink.status_ages) {
    uses[a.hops] += a.uses;
    min_age[a.hops] = std::min(min_age[a.hops], a.age_min);
    max_age[a.hops] = std::max(max_age[a.hops], a.age_max);
  }
  REQUIRE(uses[1] > 0);
  REQUIRE(uses[2] > 0);
  // 1 hop: sampled at a boundary, it arrives after 10 link cycles + 1 of latency (the phase of
  // the router's pass takes a fraction of a cycle off) and is replaced one period later.
  CHECK(min_age[1] >= 10);
  CHECK(max_age[1] <= 100 + 11);
  // 2 hops: one period more.
  CHECK(min_age[2] >= 110);
  CHECK(max_age[2] <= 200 + 11);
  MESSAGE("ages: 1-hop " << min_age[1] << ".." << max_age[1] << ", 2-hop " << min_age[2] << ".."
                         << max_age[2] << " cycles");
}

TEST_CASE("the exchange holds the links: longer exchanges, slower packets") {
  net::NetworkParams p = hot_mesh("speculative_2hop", 0.2);
  auto& spec = p.selection_options_as<SpeculativeParams>();
  spec.handshake_cycles = 0;
  spec.data_cycles = 1;
  spec.period_cycles = 1000;
  const double light = mean_latency(net::testing::run_network(p));
  spec.handshake_cycles = 2;
  spec.data_cycles = 48;
  spec.period_cycles = 100;
  const double heavy = mean_latency(net::testing::run_network(p));
  MESSAGE("mean latency " << light << " cycles with 1/1000 link cycles, " << heavy << " with 50/100");
  CHECK(light * 1.2 < heavy);
}

TEST_CASE("the speculative selections are rollback-safe") {
  for (const char* selection : {"speculative_1hop", "speculative_2hop", "local_status"}) {
    CAPTURE(selection);
    const net::NetworkParams p = hot_mesh(selection, 0.3);
    pdes::KernelConfig checked;
    checked.engine = pdes::EngineKind::rollback_check;
    const auto a = net::testing::run_network(p, checked);
    const auto b = net::testing::run_network(p);
    CHECK(a.result.total.event_digest == b.result.total.event_digest);
    CHECK(a.sink.delivered.size() == b.sink.delivered.size());
  }
}
