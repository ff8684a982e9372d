// SPDX-License-Identifier: Apache-2.0
// LP kinds: the router and node classes of a network come from registries chosen by name, and
// build_network builds every LP through the kinds of the parts it is given.
#include <doctest/doctest.h>

#include <memory>

#include "models/network/build/lp_kinds.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

// Counts the LPs it adds, then adds them as the registered kind would.
template <class Kind, class Args>
class CountingKind final : public Kind {
 public:
  CountingKind(std::shared_ptr<const Kind> inner, int& count)
      : inner_(std::move(inner)), count_(count) {}
  void add(pdes::Simulation& sim, pdes::LpId id, const Args& args) const override {
    ++count_;
    inner_->add(sim, id, args);
  }

 private:
  std::shared_ptr<const Kind> inner_;
  int& count_;
};

}  // namespace

TEST_CASE("the registered kinds are the classes of today's routers and nodes") {
  CHECK(net::router_kind_names() ==
        std::vector<std::string>{"input_queued", "message_switch"});
  CHECK(net::node_kind_names() ==
        std::vector<std::string>{"network_interface", "message_adapter"});
  net::RouterKindRegistry routers;
  net::register_router_kinds(routers);
  CHECK_THROWS_WITH_AS(routers.create("circuit"),
                       doctest::Contains("router.kind: unknown router kind 'circuit'; valid "
                                         "names: input_queued, message_switch"),
                       pdes::ConfigError);
  net::NodeKindRegistry nodes;
  net::register_node_kinds(nodes);
  CHECK_THROWS_AS(nodes.create("spider"), pdes::ConfigError);
}

TEST_CASE("build_network builds every LP through the parts' kinds") {
  net::NetworkParams p;
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.load = 0.1;
  p.injection_end_cycle = 500;
  net::NetworkParts parts = net::make_network_parts(p);
  int routers = 0;
  int nodes = 0;
  parts.router_kind = std::make_shared<const CountingKind<net::RouterKind, net::RouterArgs>>(
      parts.router_kind, routers);
  parts.node_kind =
      std::make_shared<const CountingKind<net::NodeKind, net::NodeArgs>>(parts.node_kind, nodes);
  pdes::Simulation sim({});
  net::build_network(sim, p, parts);
  net::testing::PacketSink sink;
  sim.set_output_sink(&sink);
  const pdes::RunResult run = sim.run();
  CHECK(routers == 16);
  CHECK(nodes == 16);
  // The same run as the registered kinds give directly.
  CHECK(run.total.event_digest == net::testing::run_network(p).result.total.event_digest);
  CHECK(sink.delivered.size() == sink.generated.size());
}
