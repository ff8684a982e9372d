// SPDX-License-Identifier: Apache-2.0
// RouterMonitor: a routing's hooks into every router (head blocked, grant, departure, finish),
// with state kept per router and rolled back with it.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>

#include "models/network/router/router_view.hpp"
#include "models/network/routing/dimension_order.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

struct Counts {
  std::uint64_t blocked = 0;
  std::uint64_t grants = 0;
  std::uint64_t departures = 0;
  std::int64_t waited = 0;
  bool operator==(const Counts&) const = default;
};

struct MonitorTotals {
  static constexpr std::uint16_t kRecordKind = 0x7E01;
  std::uint64_t router = 0;
  Counts counts;
};

// Dimension order with a monitor that keeps a `State` at each router: what the watched
// routings below share; each adds its name and the hooks it watches.
template <class State>
class WatchedDor : public net::RoutingAlgorithm, public net::RouterMonitor {
 public:
  explicit WatchedDor(const net::Topology& t) : dor_(t) {}
  std::uint32_t vc_classes() const override { return dor_.vc_classes(); }
  void route(const net::RouteInput& at, net::Flit& head,
             net::RouteCandidates& out) const override {
    dor_.route(at, head, out);
  }
  const net::RouterMonitor* router_monitor() const override { return this; }
  net::AlgorithmState initial_state(net::RouterId) const override {
    return net::AlgorithmState::of(State{});
  }

 private:
  net::DimensionOrderRouting dor_;
};

// Dimension order, watched: counts what the hooks see at each router.
class CountingDor final : public WatchedDor<Counts> {
 public:
  using WatchedDor::WatchedDor;
  std::string_view name() const override { return "counting_dor"; }
  void on_head_blocked(const net::RouterView& router, net::PortId in_port, const net::Flit& head,
                       net::RouterControl&, net::AlgorithmState& s) const override {
    CHECK(head.is_head());
    CHECK(router.input_flits(in_port) > 0);
    ++s.get<Counts>().blocked;
  }
  void on_grant(const net::RouterView&, net::PortId, net::PortId, const net::Flit& head,
                std::int64_t waited, net::RouterControl&, net::AlgorithmState& s) const override {
    CHECK(head.is_head());
    ++s.get<Counts>().grants;
    s.get<Counts>().waited += waited;
  }
  void on_departure(const net::RouterView&, net::PortId, const net::Flit&, net::RouterControl&,
                    net::AlgorithmState& s) const override {
    ++s.get<Counts>().departures;
  }
  void on_finish(net::RouterId router, const net::AlgorithmState& s,
                 pdes::CommitContext& ctx) const override {
    ctx.emit(MonitorTotals{router, s.get<Counts>()});
  }

};

class Sink final : public pdes::OutputSink {
 public:
  void write(const pdes::Record& r) override {
    if (r.kind == MonitorTotals::kRecordKind) totals.push_back(r.as<MonitorTotals>());
    if (r.kind == net::RouterPortTotals::kRecordKind) ports.push_back(r.as<net::RouterPortTotals>());
  }
  std::vector<MonitorTotals> totals;
  std::vector<net::RouterPortTotals> ports;
};

// A saturated 4x4 torus (heads block) under `Routing`, its records collected by a `Records`.
template <class Routing, class Records>
Records run_saturated(pdes::EngineKind engine) {
  net::NetworkParams p;
  p.topology = "torus";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.router.vcs = 2;
  p.packet_size = 4;
  p.load = 0.5;  // beyond saturation: heads block
  p.injection_end_cycle = 800;
  net::NetworkParts parts = net::make_network_parts(p);
  parts.routing = std::make_shared<const Routing>(*parts.topology);
  pdes::KernelConfig config;
  config.engine = engine;
  pdes::Simulation sim(config);
  net::build_network(sim, p, parts);
  Records sink;
  sim.set_output_sink(&sink);
  sim.run();
  return sink;
}

Sink run(pdes::EngineKind engine) { return run_saturated<CountingDor, Sink>(engine); }

}  // namespace

TEST_CASE("a router monitor sees every grant and departure, and heads that block") {
  const Sink s = run(pdes::EngineKind::sequential);
  REQUIRE(s.totals.size() == 16);
  Counts sum;
  for (const MonitorTotals& t : s.totals) {
    sum.blocked += t.counts.blocked;
    sum.grants += t.counts.grants;
    sum.departures += t.counts.departures;
    sum.waited += t.counts.waited;
  }
  std::uint64_t flits = 0, packets = 0, wait = 0;
  for (const net::RouterPortTotals& t : s.ports) {
    flits += t.flits;
    packets += t.packets;
    wait += t.head_wait_ticks;
  }
  CHECK(sum.departures == flits);
  CHECK(sum.grants == packets);
  CHECK(static_cast<std::uint64_t>(sum.waited) == wait);
  CHECK(sum.blocked > 0);
  CHECK(packets > 1000);
}

TEST_CASE("a monitor's state is rolled back with the router (rollback check)") {
  const Sink checked = run(pdes::EngineKind::rollback_check);
  const Sink plain = run(pdes::EngineKind::sequential);
  REQUIRE(checked.totals.size() == plain.totals.size());
  for (std::size_t i = 0; i < plain.totals.size(); ++i) {
    CHECK(checked.totals[i].counts == plain.totals[i].counts);
  }
}

namespace {

// What RouterView::waiting_flits shows (router_state.hpp, "Waiting"), summed over the ports.
struct Waiting {
  std::uint64_t blocked_counted = 0;  // blocked heads that found their packet in the count
  std::uint64_t blocked = 0;
  std::uint32_t most = 0;          // the largest sum seen
  std::uint32_t at_last_leave = 0;  // the sum when the router's last flit left
  bool operator==(const Waiting&) const = default;
};

struct WaitingTotals {
  static constexpr std::uint16_t kRecordKind = 0x7E02;
  std::uint64_t router = 0;
  Waiting waiting;
};

std::uint32_t total_waiting(const net::RouterView& router) {
  std::uint32_t sum = 0;
  for (net::PortId p = 0; p < router.ports(); ++p) sum += router.waiting_flits(p);
  return sum;
}

class WaitingDor final : public WatchedDor<Waiting> {
 public:
  using WatchedDor::WatchedDor;
  std::string_view name() const override { return "waiting_dor"; }
  void on_head_blocked(const net::RouterView& router, net::PortId, const net::Flit& head,
                       net::RouterControl&, net::AlgorithmState& s) const override {
    auto& w = s.get<Waiting>();
    const std::uint32_t sum = total_waiting(router);
    ++w.blocked;
    if (sum >= head.size) ++w.blocked_counted;
    w.most = std::max(w.most, sum);
    // A waiting packet's flits are also in the downstream-plus-backlog estimate.
    for (net::PortId p = 0; p < router.ports(); ++p) {
      CHECK(router.output_queue(p, net::QueueEstimate::kBacklog) ==
            router.output_queue(p, net::QueueEstimate::kDownstream) + router.waiting_flits(p));
    }
  }
  void on_departure(const net::RouterView& router, net::PortId, const net::Flit&,
                    net::RouterControl&, net::AlgorithmState& s) const override {
    if (router.buffered_flits() == 0) s.get<Waiting>().at_last_leave = total_waiting(router);
  }
  void on_finish(net::RouterId router, const net::AlgorithmState& s,
                 pdes::CommitContext& ctx) const override {
    ctx.emit(WaitingTotals{router, s.get<Waiting>()});
  }

};

class WaitingSink final : public pdes::OutputSink {
 public:
  void write(const pdes::Record& r) override {
    if (r.kind == WaitingTotals::kRecordKind) totals.push_back(r.as<WaitingTotals>());
  }
  std::vector<WaitingTotals> totals;
};

WaitingSink run_waiting(pdes::EngineKind engine) {
  return run_saturated<WaitingDor, WaitingSink>(engine);
}

}  // namespace

TEST_CASE("a router counts the flits of blocked packets per output until their heads leave") {
  const WaitingSink s = run_waiting(pdes::EngineKind::sequential);
  REQUIRE(s.totals.size() == 16);
  std::uint64_t blocked = 0;
  for (const WaitingTotals& t : s.totals) {
    CAPTURE(t.router);
    // Every blocked head is in the count when the monitor hears of it...
    CHECK(t.waiting.blocked_counted == t.waiting.blocked);
    // ...and the count is back to zero once the router has emptied.
    CHECK(t.waiting.at_last_leave == 0);
    blocked += t.waiting.blocked;
    if (t.waiting.blocked > 0) CHECK(t.waiting.most >= 4);
  }
  CHECK(blocked > 0);
  // The count is router state: rolled back with it.
  const WaitingSink checked = run_waiting(pdes::EngineKind::rollback_check);
  REQUIRE(checked.totals.size() == s.totals.size());
  for (std::size_t i = 0; i < s.totals.size(); ++i) {
    CHECK(checked.totals[i].waiting == s.totals[i].waiting);
  }
}
