// SPDX-License-Identifier: Apache-2.0
#include "models/network/config/network_model.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "models/network/build/network_build.hpp"
#include "models/network/metrics/network_results.hpp"
#include "models/network/missions/mission_records.hpp"
#include "models/network/workload/replay/replay_records.hpp"
#include "partition/partitioner_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "tests/models/network/config/network_config_checks.hpp"

namespace {

std::shared_ptr<const net::Topology> make(const std::string& name, net::NetworkSizeKeys params) {
  net::TopologyRegistry registry;
  net::register_topologies(registry);
  return registry.create(name, params);
}

// Edges as a map (from, to) -> weight.
std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint32_t> edges(
    const pdes::PartitionGraph& g) {
  REQUIRE(g.edge_offsets.size() == g.num_lps + 1);
  REQUIRE(g.edge_targets.size() == g.edge_weights.size());
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint32_t> out;
  for (std::uint64_t lp = 0; lp < g.num_lps; ++lp) {
    for (std::uint64_t e = g.edge_offsets[lp]; e < g.edge_offsets[lp + 1]; ++e) {
      REQUIRE(g.edge_targets[e] < g.num_lps);
      REQUIRE(g.edge_targets[e] != lp);
      CHECK(out.emplace(std::pair{lp, g.edge_targets[e]}, g.edge_weights[e]).second);
    }
  }
  return out;
}

void check_symmetric(const pdes::PartitionGraph& g) {
  const auto e = edges(g);
  for (const auto& [ends, weight] : e) {
    const auto back = e.find({ends.second, ends.first});
    REQUIRE(back != e.end());
    CHECK(back->second == weight);
  }
}

}  // namespace

TEST_CASE("partition graph: routers joined by their links, each node to its router") {
  const auto mesh = make("mesh", {{2, 2}, std::nullopt, std::nullopt, std::nullopt});
  const pdes::PartitionGraph g = net::network_partition_graph(*mesh);
  CHECK(g.num_lps == 8);
  const auto e = edges(g);
  CHECK(e.size() == 2 * 4 + 2 * 4);  // 4 mesh links and 4 attachments, both directions
  CHECK(e.at({0, 1}) == 1);
  CHECK(e.at({0, 2}) == 1);
  CHECK(e.at({0, 4}) == 1);  // router 0 - node 0 (LP 4)
  CHECK(e.at({7, 3}) == 1);
  CHECK_FALSE(e.contains({0, 3}));
  check_symmetric(g);
}

TEST_CASE("partition graph: parallel links add up (a 2-ary torus ring), fat trees work too") {
  const auto torus = make("torus", {{2, 4}, std::nullopt, std::nullopt, std::nullopt});
  const auto g = net::network_partition_graph(*torus);
  CHECK(edges(g).at({0, 1}) == 2);  // +x and -x both lead to router 1
  check_symmetric(g);
  const auto tree = make("fat_tree", {{}, std::nullopt, 4, 2});
  const auto t = net::network_partition_graph(*tree);
  CHECK(t.num_lps == tree->num_routers() + tree->num_nodes());
  check_symmetric(t);
}

TEST_CASE("partition graph: the locality order keeps each node with its router") {
  // 4x4 mesh: routers 0..15, nodes 16..31. In id order, 2 blocks would be all routers and all
  // nodes; along the locality order each rank gets half the routers and their nodes.
  const auto mesh = make("mesh", {{4, 4}, std::nullopt, std::nullopt, std::nullopt});
  const pdes::PartitionGraph g = net::network_partition_graph(*mesh);
  REQUIRE(g.locality_order.size() == 32);
  CHECK(g.locality_order[0] == 0);
  CHECK(g.locality_order[1] == 16);  // router 0, then node 0
  CHECK(g.locality_order[2] == 1);
  std::vector<std::uint64_t> sorted = g.locality_order;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint64_t i = 0; i < sorted.size(); ++i) CHECK(sorted[i] == i);

  const pdes::Partition p = partition::make_partitioner("block")->partition(g, 2);
  for (std::uint64_t r = 0; r < 16; ++r) {
    CAPTURE(r);
    CHECK(p.rank_of_lp[r] == (r < 8 ? 0 : 1));
    CHECK(p.rank_of_lp[16 + r] == p.rank_of_lp[r]);  // node r with router r
  }
  // The cut: the 4 links between rows 1 and 2, each counted from both ends.
  CHECK(p.edge_cut(g) == 8);
  // In id order: all 16 attachments cut, both directions.
  CHECK(pdes::block_partition(g.num_lps, 2).edge_cut(g) == 32);
}

TEST_CASE("the model entry: cycles as the time unit, the model built from a configuration") {
  const models::ModelEntry entry = net::network_model_entry();
  CHECK(entry.name == "network");
  CHECK(entry.time_unit == "cycles");
  CHECK(entry.ticks_per_time_unit == 1000);
  models::ModelRegistry registry;
  models::register_all_models(registry);
  CHECK(registry.find("network").ticks_per_time_unit == 1000);

  const auto config = net::testing::load(net::testing::network_file(
      "[traffic]\nload = 0.2\nwarmup_cycles = 100\n[metrics]\nwindow_cycles = 50\n"));
  const auto model = entry.create(config);
  CHECK(model->partition_graph().num_lps == 32);
  const auto rows = model->summary(pdes::RunResult{});
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].label == "network");
  CHECK(rows[0].text.starts_with("mesh 4x4"));
  CHECK(rows[3].text == "uniform at 0.2 flits/node/cycle, bernoulli, 1-flit packets");
  const auto results = model->make_results();
  REQUIRE(results != nullptr);
  const io::ResultSet set = results->local_results(pdes::RunResult{});
  CHECK(set.attributes.at("network/num_nodes") == io::AttributeValue{std::int64_t{16}});
  CHECK(set.attributes.at("network/measure_end_cycle") == io::AttributeValue{std::int64_t{1000}});
  CHECK(set.attributes.at("network/window_cycles") == io::AttributeValue{std::int64_t{50}});

  const auto bad = net::testing::load(net::testing::network_file("n = 2\n"));
  CHECK_THROWS_AS(entry.create(bad), io::ConfigErrors);
}

TEST_CASE("a built model runs and its results see every packet") {
  const auto config =
      net::testing::load(net::testing::network_file("[traffic]\nload = 0.2\ninjection_end = 500\n"
                                                    "[metrics]\nwindow_cycles = 50\n"));
  const auto model = net::network_model_entry().create(config);
  pdes::KernelConfig kernel;
  kernel.end_time = pdes::SimTime{1000 * 1000};
  pdes::Simulation sim(kernel);
  sim.set_lp_count(model->partition_graph().num_lps);
  model->add_lps(sim);
  const auto results = model->make_results();
  sim.set_output_sink(results.get());
  const pdes::RunResult run = sim.run();
  const io::ResultSet set = results->local_results(run);
  const io::Table* nodes = set.find("network/nodes");
  REQUIRE(nodes != nullptr);
  std::uint64_t generated = 0;
  std::uint64_t received = 0;
  for (std::size_t r = 0; r < nodes->rows(); ++r) {
    generated += nodes->at(r, nodes->column_index("packets_generated")).as_u64();
    received += nodes->at(r, nodes->column_index("packets_received")).as_u64();
  }
  CHECK(generated > 1000);  // 16 nodes x 0.2 x 500 cycles = 1600 expected
  CHECK(received == generated);
  std::map<std::string, std::string> rows;
  for (const models::Figure& f : results->summary(set)) rows[f.label] = f.text;
  CHECK(rows.at("saturation").starts_with("no"));
}

namespace {

std::map<std::string, std::string> run_example(const std::string& file,
                                               const std::vector<io::Override>& overrides) {
  const io::Config config = io::load_config(
      net::testing::full_schema(), std::string(WARPNET_EXAMPLES_DIR) + "/" + file, overrides);
  const auto model = net::network_model_entry().create(config);
  pdes::KernelConfig kernel;
  kernel.end_time =
      pdes::SimTime{static_cast<std::int64_t>(config.get_float("simulation.end_time") * 1000)};
  pdes::Simulation sim(kernel);
  sim.set_lp_count(model->partition_graph().num_lps);
  model->add_lps(sim);
  const auto results = model->make_results();
  sim.set_output_sink(results.get());
  const pdes::RunResult run = sim.run();
  std::map<std::string, std::string> rows;
  for (const models::Figure& f : results->summary(results->local_results(run))) {
    const std::string& label = f.label;
    const std::string& value = f.text;
    MESSAGE(label << ": " << value);
    rows[label] = value;
  }
  return rows;
}

double leading_number(const std::string& text) { return std::stod(text); }

}  // namespace

TEST_CASE("examples/mesh8x8.toml: accepted = offered = 0.3, near zero-load latency") {
  const auto rows = run_example("mesh8x8.toml", {{"simulation.end_time", "6000"}});
  CHECK(leading_number(rows.at("offered load")) == doctest::Approx(0.3).epsilon(0.03));
  CHECK(leading_number(rows.at("accepted load")) == doctest::Approx(0.3).epsilon(0.03));
  // Uniform destinations (the source included): mean distance 2 (k^2 - 1) / 3k = 5.25 hops,
  // 6.25 routers crossed; zero load 1 + 5 * 6.25 = 32.25 cycles (docs/router.md).
  CHECK(leading_number(rows.at("hops")) == doctest::Approx(6.25).epsilon(0.02));
  CHECK(leading_number(rows.at("network latency")) > 32.0);
  CHECK(leading_number(rows.at("network latency")) < 40.0);
  CHECK(rows.at("saturation").starts_with("no"));
}

TEST_CASE("examples/mesh8x8.toml beyond saturation is flagged") {
  const auto rows =
      run_example("mesh8x8.toml", {{"simulation.end_time", "6000"}, {"traffic.load", "0.7"}});
  CHECK(leading_number(rows.at("accepted load")) < 0.55);  // the channel-load bound is 0.5
  CHECK(rows.at("saturation").starts_with("yes"));
}

// Parts that never run together (a mission workload, a trace replay) must still choose
// distinct record kinds: each example's results register their kinds (NetworkResults checks
// one run), and here every example's kinds go into one registry, where a kind may recur only
// for the same record.
TEST_CASE("the record kinds of every example's results are distinct across examples") {
  net::RecordKinds all;
  std::size_t examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(WARPNET_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".toml") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("model = \"network\"") == std::string::npos) continue;
    CAPTURE(entry.path().filename().string());
    const io::Config config =
        io::load_config(net::testing::full_schema(), entry.path().string(), {});
    const auto results = net::network_model_entry().create(config)->make_results();
    const auto* network = dynamic_cast<const net::NetworkResults*>(results.get());
    REQUIRE(network != nullptr);
    for (const net::RecordKinds::Entry& e : network->record_kinds().entries()) {
      const net::RecordKinds::Entry* known = all.find(e.kind.kind);
      if (known != nullptr && known->kind.name == e.kind.name) continue;
      CHECK_NOTHROW(all.add(e.kind, examples));
    }
    ++examples;
  }
  CHECK(examples >= 10);
  // The workloads' own records are among them.
  CHECK(all.find(net::missions::MissionMessage::kRecordKind) != nullptr);
  CHECK(all.find(net::replay::RankReplayTotals::kRecordKind) != nullptr);
}
