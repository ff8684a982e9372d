// SPDX-License-Identifier: Apache-2.0
// The node agent seam (node/node_agent.hpp) in a whole network: a routing's agent hears every
// delivered data packet, injects its own packets ahead of the source queue, receives the flits
// the sink does not take, keeps its state through rollbacks and emits its records at the end.
// The agent here echoes each data packet back to its source as a one-flit ACK, like DRB's
// feedback agent without DRB.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <vector>

#include "models/network/node/node_agent.hpp"
#include "models/network/routing/dimension_order.hpp"
#include "tests/models/network/network_run.hpp"
#include "pdes/checkpointable.hpp"

namespace {

struct Echoes {
  std::vector<net::Flit> owed;  // echoes not yet sent, oldest first
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
  bool operator==(const Echoes&) const = default;
};

template <class Archive>
void serialize(Archive& ar, Echoes& e, unsigned /*version*/) {
  pdes::checkpoint_value(ar, e.owed);
  pdes::checkpoint_value(ar, e.sent);
  pdes::checkpoint_value(ar, e.received);
}

struct EchoTotals {
  static constexpr std::uint16_t kRecordKind = 0x7E06;
  std::uint64_t node = 0;
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
};

class EchoAgent final : public net::NodeAgent {
 public:
  explicit EchoAgent(const net::DimensionOrderRouting& dor) : dor_(dor) {}
  net::AlgorithmState initial_state(net::NodeId) const override {
    return net::AlgorithmState::of(Echoes{});
  }
  void prepare(net::NodeId, net::Flit& head, net::AlgorithmState&, pdes::Rng& rng) const override {
    dor_.prepare(head, rng);
  }
  void on_delivered(const net::Flit& tail, net::NodeAgentContext& node,
                    net::AlgorithmState& state) const override {
    net::Flit echo;
    echo.kind = net::FlitKind::kAck;
    echo.src = static_cast<std::uint32_t>(node.self());
    echo.dst = tail.src;
    echo.seq = tail.seq;
    echo.size = 1;
    echo.created = node.events().now().ticks();
    state.get<Echoes>().owed.push_back(echo);
  }
  void on_flit(const net::Flit& flit, net::NodeAgentContext& node,
               net::AlgorithmState& state) const override {
    CHECK(flit.is_ack());
    CHECK(flit.dst == node.self());
    ++state.get<Echoes>().received;
  }
  bool has_outgoing(const net::AlgorithmState& state) const override {
    return !state.get<Echoes>().owed.empty();
  }
  bool inject(net::NodeAgentContext& node, net::AlgorithmState& state) const override {
    Echoes& e = state.get<Echoes>();
    const int vc = node.emptiest_vc();
    if (vc < 0) return false;
    node.send_flit(e.owed.front(), vc);
    e.owed.erase(e.owed.begin());
    ++e.sent;
    return true;
  }
  void on_finish(net::NodeId self, const net::AlgorithmState& state,
                 pdes::CommitContext& ctx) const override {
    const Echoes& e = state.get<Echoes>();
    CHECK(e.owed.empty());
    ctx.emit(EchoTotals{self, e.sent, e.received});
  }

 private:
  const net::DimensionOrderRouting& dor_;
};

class EchoingDor final : public net::RoutingAlgorithm {
 public:
  explicit EchoingDor(const net::Topology& t) : dor_(t), agent_(dor_) {}
  std::string_view name() const override { return "echoing_dor"; }
  std::uint32_t vc_classes() const override { return dor_.vc_classes(); }
  void route(const net::RouteInput& at, net::Flit& head,
             net::RouteCandidates& out) const override {
    dor_.route(at, head, out);
  }
  const net::NodeAgent* node_agent() const override { return &agent_; }

 private:
  net::DimensionOrderRouting dor_;
  EchoAgent agent_;
};

struct EchoSink final : public pdes::OutputSink {
  void write(const pdes::Record& r) override {
    if (r.kind == EchoTotals::kRecordKind) {
      const auto t = r.as<EchoTotals>();
      echoes[t.node] = {t.sent, t.received};
    }
    if (r.kind == net::PacketDelivered::kRecordKind) ++delivered[r.as<net::PacketDelivered>().dst];
    if (r.kind == net::PacketGenerated::kRecordKind) ++generated[r.as<net::PacketGenerated>().src];
  }
  std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> echoes;  // sent, received
  std::map<std::uint64_t, std::uint64_t> generated, delivered;
};

EchoSink run_echo(pdes::EngineKind engine) {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.packet_size = 4;
  p.load = 0.4;
  p.injection_end_cycle = 400;
  net::NetworkParts parts = net::make_network_parts(p);
  parts.routing = std::make_shared<const EchoingDor>(*parts.topology);
  pdes::KernelConfig config;
  config.engine = engine;
  pdes::Simulation sim(config);
  net::build_network(sim, p, parts);
  EchoSink sink;
  sim.set_output_sink(&sink);
  sim.run();
  return sink;
}

}  // namespace

TEST_CASE("a routing's node agent echoes every delivered packet back to its source") {
  const EchoSink run = run_echo(pdes::EngineKind::sequential);
  REQUIRE(run.echoes.size() == 16);
  std::uint64_t total = 0;
  for (const auto& [node, echoes] : run.echoes) {
    CAPTURE(node);
    // Each destination echoes what it received; each source hears back about what it sent.
    CHECK(echoes.first == run.delivered.at(node));
    CHECK(echoes.second == run.generated.at(node));
    total += echoes.first;
  }
  CHECK(total > 100);
  // The agent's state rolls back with the node: every event re-executed gives the same.
  const EchoSink checked = run_echo(pdes::EngineKind::rollback_check);
  CHECK(checked.echoes == run.echoes);
  CHECK(checked.delivered == run.delivered);
}
