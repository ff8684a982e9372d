// SPDX-License-Identifier: Apache-2.0
// The control-message path: router timers, status messages to neighbours that hold the link
// (and delay the data behind them), the ideal side channel, and their rollback safety.
#include <doctest/doctest.h>

#include <map>
#include <memory>

#include "models/network/node/node_agent.hpp"
#include "models/network/routing/dimension_order.hpp"
#include "models/network/topology/mesh.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

constexpr std::int64_t kCycle = 1000;

struct Exchange {
  std::uint64_t rounds = 0;       // timers fired
  std::uint64_t received = 0;     // status messages from neighbours
  std::uint64_t ideal = 0;        // messages through the side channel
  std::int64_t transit_sum = 0;   // arrival - sent, ticks
  std::uint64_t reported_sum = 0; // the neighbours' buffered flits, as reported
  bool operator==(const Exchange&) const = default;
};

struct ExchangeTotals {
  static constexpr std::uint16_t kRecordKind = 0x7E02;
  std::uint64_t router = 0;
  Exchange e;
};

struct Status {
  std::uint32_t buffered = 0;
};

// Dimension order whose routers send their buffered flit count to every neighbour each
// `period` cycles, holding each link `occupy` cycles, until `stop` cycles; and, each round, one
// message to router 0 through the ideal side channel, `kIdealDelay` ticks later.
class ExchangingDor final : public net::RoutingAlgorithm, public net::RouterMonitor {
 public:
  static constexpr std::int64_t kIdealDelay = 7777;

  ExchangingDor(const net::Topology& t, std::uint32_t period, std::uint32_t occupy,
                std::int64_t stop)
      : dor_(t), period_(period), occupy_(occupy), stop_(stop) {}
  std::string_view name() const override { return "exchanging_dor"; }
  std::uint32_t vc_classes() const override { return dor_.vc_classes(); }
  void route(const net::RouteInput& at, net::Flit& head,
             net::RouteCandidates& out) const override {
    dor_.route(at, head, out);
  }
  const net::RouterMonitor* router_monitor() const override { return this; }

  net::AlgorithmState initial_state(net::RouterId) const override {
    return net::AlgorithmState::of(Exchange{});
  }
  void on_start(net::RouterId, net::RouterControl& control,
                net::AlgorithmState&) const override {
    control.set_timer(period_ * control.cycle(), 1);
  }
  void on_timer(const net::RouterView& router, std::uint8_t topic, net::RouterControl& control,
                net::AlgorithmState& s) const override {
    CHECK(topic == 1);
    ++s.get<Exchange>().rounds;
    net::ControlMessage m;
    m.topic = 2;
    m.body.set(Status{router.buffered_flits()});
    for (net::PortId p = 0; p < router.ports(); ++p) {
      const auto nb = router.topology().neighbour(router.router(), p);
      if (!nb) continue;
      const std::int64_t arrival = control.send_over_link(p, m, occupy_);
      CHECK(arrival >= control.now() + (occupy_ + 1) * control.cycle() - 1);
    }
    control.send_ideal(pdes::LpId{0}, m, kIdealDelay);
    if (control.now() + period_ * control.cycle() < stop_) {
      control.set_timer(period_ * control.cycle(), 1);
    }
  }
  void on_control(const net::RouterView&, net::PortId in_port, const net::ControlMessage& m,
                  net::RouterControl& control, net::AlgorithmState& s) const override {
    Exchange& e = s.get<Exchange>();
    CHECK(m.origin_is_router == 1);
    CHECK(m.topic == 2);
    if (in_port == net::kNoPort) {
      ++e.ideal;
      CHECK(control.now() - m.sent == kIdealDelay);
      return;
    }
    ++e.received;
    e.transit_sum += control.now() - m.sent;
    e.reported_sum += m.body.get<Status>().buffered;
  }
  void on_finish(net::RouterId router, const net::AlgorithmState& s,
                 pdes::CommitContext& ctx) const override {
    ctx.emit(ExchangeTotals{router, s.get<Exchange>()});
  }

 private:
  net::DimensionOrderRouting dor_;
  std::uint32_t period_, occupy_;
  std::int64_t stop_;
};

class Sink final : public pdes::OutputSink {
 public:
  void write(const pdes::Record& r) override {
    if (r.kind == ExchangeTotals::kRecordKind) totals.push_back(r.as<ExchangeTotals>());
    if (r.kind == net::PacketDelivered::kRecordKind) {
      const auto d = r.as<net::PacketDelivered>();
      ++delivered;
      latency_sum += d.latency();
    }
    if (r.kind == net::PacketGenerated::kRecordKind) ++generated;
  }
  std::vector<ExchangeTotals> totals;
  std::uint64_t generated = 0, delivered = 0;
  std::int64_t latency_sum = 0;
  double mean_latency() const { return static_cast<double>(latency_sum) / delivered / kCycle; }
};

Sink run(std::uint32_t occupy, double load, pdes::EngineKind engine = pdes::EngineKind::sequential,
         bool exchange = true) {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.packet_size = 4;
  p.load = load;
  p.injection_end_cycle = 3000;
  net::NetworkParts parts = net::make_network_parts(p);
  if (exchange) {
    parts.routing =
        std::make_shared<const ExchangingDor>(*parts.topology, 100, occupy, 3000 * kCycle);
  }
  pdes::KernelConfig config;
  config.engine = engine;
  pdes::Simulation sim(config);
  net::build_network(sim, p, parts);
  Sink sink;
  sim.set_output_sink(&sink);
  sim.run();
  return sink;
}

}  // namespace

TEST_CASE("each round reaches every neighbour over its link, and router 0 ideally") {
  const Sink s = run(10, 0.1);
  REQUIRE(s.totals.size() == 16);
  const net::Mesh mesh({4, 4});
  std::uint64_t ideal = 0;
  for (const ExchangeTotals& t : s.totals) {
    CAPTURE(t.router);
    CHECK(t.e.rounds == 29);  // cycles 100, 200, ..., 2900
    std::uint64_t degree = 0;
    for (net::PortId p = 0; p < mesh.num_ports(t.router); ++p) {
      degree += mesh.neighbour(t.router, p) ? 1 : 0;
    }
    CHECK(t.e.received == t.e.rounds * degree);
    // Each message waits for its link at most behind a flit and the messages sent before it
    // on the same link, then holds it 10 cycles and crosses it in 1.
    CHECK(t.e.transit_sum >= static_cast<std::int64_t>(t.e.received) * (11 * kCycle - 1));
    ideal += t.e.ideal;
  }
  CHECK(ideal == 16 * 29);
  CHECK(s.delivered == s.generated);
}

TEST_CASE("status messages hold the links: data waits behind them") {
  const Sink none = run(0, 0.2, pdes::EngineKind::sequential, false);
  const Sink light = run(10, 0.2);
  const Sink heavy = run(50, 0.2);
  CHECK(light.delivered == light.generated);
  CHECK(heavy.delivered == heavy.generated);
  CHECK(none.mean_latency() < light.mean_latency());
  CHECK(light.mean_latency() < heavy.mean_latency());
  MESSAGE("mean latency: " << none.mean_latency() << " without exchange, " << light.mean_latency()
                           << " with 10/100, " << heavy.mean_latency() << " with 50/100 cycles");
  std::uint64_t reported = 0;
  for (const ExchangeTotals& t : heavy.totals) reported += t.e.reported_sum;
  CHECK(reported > 0);  // loaded routers report buffered flits
}

TEST_CASE("the exchange is rollback-safe") {
  const Sink checked = run(20, 0.3, pdes::EngineKind::rollback_check);
  const Sink plain = run(20, 0.3);
  REQUIRE(checked.totals.size() == plain.totals.size());
  for (std::size_t i = 0; i < plain.totals.size(); ++i) {
    CHECK(checked.totals[i].e == plain.totals[i].e);
  }
  CHECK(checked.latency_sum == plain.latency_sum);
}

namespace {

// Router 5 of a 4x4 mesh sends, at the start, a control message in band to nodes 15, 0 and 5
// (its own), holding each link `occupy` cycles; the nodes' source routing counts what arrives.
struct Inbox {
  std::uint64_t received = 0;
  std::uint64_t hops_sum = 0;
  std::int64_t transit_sum = 0;  // arrival - sent, ticks
  bool operator==(const Inbox&) const = default;
};

struct InboxTotals {
  static constexpr std::uint16_t kRecordKind = 0x7E03;
  std::uint64_t node = 0;
  Inbox inbox;
};

// Router side: router 5 notifies the three nodes at the start.
class Notifier final : public net::RouterMonitor {
 public:
  explicit Notifier(std::uint32_t occupy) : occupy_(occupy) {}
  net::AlgorithmState initial_state(net::RouterId) const override { return {}; }
  void on_start(net::RouterId router, net::RouterControl& control,
                net::AlgorithmState&) const override {
    if (router != 5) return;
    net::ControlMessage m;
    m.topic = 3;
    for (const net::NodeId node : {15u, 0u, 5u}) control.send_to_node(node, m, occupy_);
  }

 private:
  std::uint32_t occupy_;
};

// Node side: an agent that counts the notifications, their links and transit times.
class InboxAgent final : public net::NodeAgent {
 public:
  explicit InboxAgent(const net::DimensionOrderRouting& dor) : dor_(dor) {}
  net::AlgorithmState initial_state(net::NodeId) const override {
    return net::AlgorithmState::of(Inbox{});
  }
  void prepare(net::NodeId, net::Flit& head, net::AlgorithmState&, pdes::Rng& rng) const override {
    dor_.prepare(head, rng);
  }
  void on_control(net::NodeId, const net::ControlMessage& m, std::int64_t now,
                  net::AlgorithmState& s) const override {
    CHECK(m.topic == 3);
    CHECK(m.origin == 5);
    CHECK(m.origin_is_router == 1);
    Inbox& in = s.get<Inbox>();
    ++in.received;
    in.hops_sum += m.hops;
    in.transit_sum += now - m.sent;
  }
  void on_finish(net::NodeId node, const net::AlgorithmState& s,
                 pdes::CommitContext& ctx) const override {
    ctx.emit(InboxTotals{node, s.get<Inbox>()});
  }

 private:
  const net::DimensionOrderRouting& dor_;
};

class NotifyingDor final : public net::RoutingAlgorithm {
 public:
  NotifyingDor(const net::Topology& t, std::uint32_t occupy)
      : dor_(t), notifier_(occupy), agent_(dor_) {}
  std::string_view name() const override { return "notifying_dor"; }
  std::uint32_t vc_classes() const override { return dor_.vc_classes(); }
  void route(const net::RouteInput& at, net::Flit& head,
             net::RouteCandidates& out) const override {
    dor_.route(at, head, out);
  }
  const net::RouterMonitor* router_monitor() const override { return &notifier_; }
  const net::NodeAgent* node_agent() const override { return &agent_; }

 private:
  net::DimensionOrderRouting dor_;
  Notifier notifier_;
  InboxAgent agent_;
};

}  // namespace

namespace {

struct InboxSink final : public pdes::OutputSink {
  void write(const pdes::Record& r) override {
    if (r.kind == InboxTotals::kRecordKind) {
      const auto t = r.as<InboxTotals>();
      inbox[t.node] = t.inbox;
    }
    if (r.kind == net::PacketDelivered::kRecordKind) ++delivered;
    if (r.kind == net::PacketGenerated::kRecordKind) ++generated;
  }
  std::map<std::uint64_t, Inbox> inbox;
  std::uint64_t generated = 0, delivered = 0;
};

InboxSink run_notify(std::uint32_t occupy, double load,
                     pdes::EngineKind engine = pdes::EngineKind::sequential) {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.packet_size = 4;
  p.load = load;
  p.injection_end_cycle = 500;
  net::NetworkParts parts = net::make_network_parts(p);
  parts.routing = std::make_shared<const NotifyingDor>(*parts.topology, occupy);
  pdes::KernelConfig config;
  config.engine = engine;
  pdes::Simulation sim(config);
  net::build_network(sim, p, parts);
  InboxSink sink;
  sim.set_output_sink(&sink);
  sim.run();
  return sink;
}

}  // namespace

TEST_CASE("a control message sent to a node crosses each link on a minimal path, holding it") {
  const InboxSink idle = run_notify(4, 0.0);
  // Router 5 is at (1, 1): node 15 at (3, 3) is 4 router links and the ejection link away,
  // node 0 two links and the ejection, node 5 its own ejection link; each link is held 4
  // cycles and crossed in 1.
  REQUIRE(idle.inbox.size() == 16);
  const std::map<std::uint64_t, std::uint64_t> hops{{15, 5}, {0, 3}, {5, 1}};
  for (const auto& [node, inbox] : idle.inbox) {
    CAPTURE(node);
    const bool addressed = hops.count(node) == 1;
    CHECK(inbox.received == (addressed ? 1u : 0u));
    if (!addressed) continue;
    CHECK(inbox.hops_sum == hops.at(node));
    CHECK(inbox.transit_sum == static_cast<std::int64_t>(hops.at(node) * 5 * kCycle));
  }
}

TEST_CASE("under load a relayed message waits for its links, and the data for it") {
  const InboxSink loaded = run_notify(4, 0.4);
  CHECK(loaded.delivered == loaded.generated);
  CHECK(loaded.inbox.at(15).received == 1);
  CHECK(loaded.inbox.at(15).transit_sum >= 25 * kCycle);
  const InboxSink checked = run_notify(4, 0.4, pdes::EngineKind::rollback_check);
  CHECK(checked.inbox == loaded.inbox);
  CHECK(checked.delivered == loaded.delivered);
}
