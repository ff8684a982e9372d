// SPDX-License-Identifier: Apache-2.0
//
// The workload layer: messages cut into packets, message ids in the records, the source
// schedulers' order, a workload that reacts to deliveries (rolled back with the node), the
// message list file and its errors, and MessageLog's reassembly.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "models/network/metrics/message_log.hpp"
#include "models/network/metrics/network_results.hpp"
#include "models/network/workload/message_list_workload.hpp"
#include "models/network/workload/workload_registry.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::ListedMessage;
using net::MessageListWorkload;
using net::PacketDelivered;
using net::PacketGenerated;

constexpr std::int64_t kCycle = 1000;

net::NetworkParams mesh4x4(std::uint32_t packet_size) {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.router.vcs = 2;
  p.packet_size = packet_size;
  p.load = 0.0;
  return p;
}

net::testing::NetworkRun run_with(const net::NetworkParams& p,
                                  std::shared_ptr<const net::Workload> workload,
                                  pdes::EngineKind engine = pdes::EngineKind::sequential,
                                  double forced_rollbacks = 0.0) {
  net::NetworkParts parts = net::make_network_parts(p);
  parts.workload = std::move(workload);
  pdes::KernelConfig config;
  config.engine = engine;
  config.forced_rollback_probability = forced_rollbacks;
  net::testing::NetworkRun run;
  pdes::Simulation sim(config);
  run.info = net::build_network(sim, p, parts);
  sim.set_output_sink(&run.sink);
  run.result = sim.run();
  return run;
}

std::shared_ptr<const net::Workload> listed(
    std::map<net::NodeId, std::vector<ListedMessage>> by_node) {
  std::vector<std::vector<ListedMessage>> per_node(16);
  for (auto& [node, list] : by_node) per_node[node] = list;
  return std::make_shared<MessageListWorkload>(std::move(per_node));
}

// The cycle node `src`'s packets of message `message` were injected, in sending order.
std::vector<std::int64_t> injections(const net::testing::NetworkRun& run, std::uint32_t src,
                                     std::uint32_t message) {
  std::vector<std::int64_t> out;
  for (const PacketDelivered& d : run.sink.delivered) {
    if (d.src == src && d.message == message) out.push_back(d.injected / kCycle);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("a message is cut into packets of packet_size flits, the last one shorter") {
  const auto run = run_with(mesh4x4(4), listed({{0, {{5, 15, 10, 7}}}}));
  REQUIRE(run.sink.generated.size() == 3);
  for (std::uint32_t i = 0; i < 3; ++i) {
    const PacketGenerated& g = run.sink.generated[i];
    CHECK(g.src == 0);
    CHECK(g.dst == 15);
    CHECK(g.seq == i);
    CHECK(g.message == 0);
    CHECK(g.group == 7);
    CHECK(g.created == 5 * kCycle);
    CHECK(g.size == (i < 2 ? 4u : 2u));
  }
  REQUIRE(run.sink.delivered.size() == 3);
  std::uint32_t flits = 0;
  for (const PacketDelivered& d : run.sink.delivered) {
    CHECK(d.message == 0);
    CHECK(d.message_packets == 3);
    flits += d.size;
  }
  CHECK(flits == 10);
}

TEST_CASE("message ids count from 0 at each source, in release order") {
  const auto run = run_with(mesh4x4(2), listed({{3, {{1, 0, 3}, {1, 9, 1}, {40, 12, 4}}},
                                                {9, {{2, 3, 2}}}}));
  std::map<std::tuple<std::uint32_t, std::uint32_t>, std::uint32_t> packets;
  for (const PacketGenerated& g : run.sink.generated) ++packets[{g.src, g.message}];
  CHECK(packets == std::map<std::tuple<std::uint32_t, std::uint32_t>, std::uint32_t>{
                       {{3, 0}, 2}, {{3, 1}, 1}, {{3, 2}, 2}, {{9, 0}, 1}});
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 5);
}

TEST_CASE("fifo sends the older message whole; shortest_first lets a short one pass") {
  // Node 0 releases a long message, then a short one, in the same cycle.
  const auto messages = [] { return listed({{0, {{1, 15, 64}, {1, 3, 4}}}}); };
  net::NetworkParams p = mesh4x4(4);

  const auto fifo = run_with(p, messages());
  const auto long_fifo = injections(fifo, 0, 0);
  const auto short_fifo = injections(fifo, 0, 1);
  REQUIRE(long_fifo.size() == 16);
  REQUIRE(short_fifo.size() == 1);
  CHECK(short_fifo[0] > long_fifo.back());

  p.workload.scheduler = "shortest_first";
  const auto sf = run_with(p, messages());
  const auto long_sf = injections(sf, 0, 0);
  const auto short_sf = injections(sf, 0, 1);
  REQUIRE(long_sf.size() == 16);
  REQUIRE(short_sf.size() == 1);
  CHECK(short_sf[0] < long_sf.front());
  // The long message goes on, packet after packet, once the short one has left.
  CHECK(long_sf.back() - long_sf.front() == long_fifo.back() - long_fifo.front());
}

TEST_CASE("the source schedulers pick as documented") {
  net::SourceMessage a;  // 10 flits, 1 packet of 4 sent: 6 left
  a.flits = 10;
  a.packets = 3;
  a.packets_sent = 1;
  net::SourceMessage b;  // 5 flits, none sent
  b.flits = 5;
  b.packets = 2;
  net::SourceMessage c = b;  // a tie with b: the older (b) wins
  const std::vector<net::SourceMessage> queue{a, b, c};
  CHECK(net::FifoScheduler{}.pick(queue, 4) == 0);
  CHECK(net::ShortestFirstScheduler{}.pick(queue, 4) == 1);
  CHECK(a.next_packet_flits(4) == 4);
  a.packets_sent = 2;
  CHECK(a.next_packet_flits(4) == 2);
}

namespace {

// Ping-pong between nodes 0 and 15: node 0 sends a 10-flit message at cycle 1; each message
// that arrives is answered with one of the same length, until node 0 has had `rounds` replies.
struct PingState {
  std::uint32_t replies = 0;
  bool operator==(const PingState&) const = default;
};

class PingPong final : public net::Workload {
 public:
  explicit PingPong(std::uint32_t rounds) : rounds_(rounds) {}
  /// At the end, each node's reply count as a record (for RepliesResults).
  struct Replies {
    static constexpr std::uint16_t kRecordKind = 0x7EA0;
    std::uint32_t node = 0;
    std::uint32_t replies = 0;
  };
  net::AlgorithmState initial_state(net::NodeId) const override {
    return net::AlgorithmState::of(PingState{});
  }
  void start(net::NodeId node, net::AlgorithmState&, net::WorkloadContext& ctx) const override {
    if (node == 0) ctx.wake_at(1);
  }
  void on_wake(net::NodeId, net::AlgorithmState&, net::WorkloadContext& ctx) const override {
    ctx.send(15, 10, 0);
  }
  bool observes_deliveries() const override { return true; }
  void on_delivered(net::NodeId node, const net::DeliveredMessage& m, net::AlgorithmState& state,
                    net::WorkloadContext& ctx) const override {
    CHECK(m.flits == 10);
    if (node == 15) {
      ctx.send(m.src, 10, 1);
    } else if (++state.get<PingState>().replies < rounds_) {
      ctx.send(15, 10, 0);
    }
  }
  void on_finish(net::NodeId node, const net::AlgorithmState& state,
                 pdes::CommitContext& ctx) const override {
    const std::uint32_t replies = state.get<PingState>().replies;
    if (replies > 0) ctx.emit(Replies{static_cast<std::uint32_t>(node), replies});
  }
  std::unique_ptr<net::ResultsExtension> make_results() const override;

 private:
  std::uint32_t rounds_;
};

// The workload's own results: a table of replies per node and their total as a figure.
class RepliesResults final : public net::ResultsExtension {
 public:
  std::vector<net::RecordKind> record_kinds() const override {
    return {net::record_kind<PingPong::Replies>("PingPong::Replies")};
  }
  void write(const pdes::Record& record) override {
    rows_.push_back(record.as<PingPong::Replies>());
  }
  void add_tables(io::ResultSet& local) const override {
    io::Table t("pingpong/replies", "replies per node",
                {{"node", io::ColumnType::kUInt64, "", "node"},
                 {"replies", io::ColumnType::kUInt64, "messages", "replies received"}},
                1, io::Combine::kConcatenate);
    for (const auto& r : rows_) t.add_row({io::Cell::u64(r.node), io::Cell::u64(r.replies)});
    local.tables.push_back(std::move(t));
  }
  void add_figures(const io::DistributedTables& tables,
                   std::vector<models::Figure>& figures) const override {
    const std::uint64_t sum = tables.column_sums("pingpong/replies", {"replies"})[0];
    figures.push_back(
        models::Figure::number("replies", "replies", static_cast<double>(sum), "", "%.0f"));
  }

 private:
  std::vector<PingPong::Replies> rows_;
};

std::unique_ptr<net::ResultsExtension> PingPong::make_results() const {
  return std::make_unique<RepliesResults>();
}

// (src, message) -> (release, delivery of its last packet)
std::map<std::tuple<std::uint32_t, std::uint32_t>, std::pair<std::int64_t, std::int64_t>>
messages_of(const net::testing::NetworkRun& run) {
  std::map<std::tuple<std::uint32_t, std::uint32_t>, std::pair<std::int64_t, std::int64_t>> out;
  for (const PacketDelivered& d : run.sink.delivered) {
    auto& m = out[{d.src, d.message}];
    m.first = d.created;
    m.second = std::max(m.second, d.delivered);
  }
  return out;
}

}  // namespace

TEST_CASE("a workload that observes deliveries answers each message when it is whole") {
  const auto run = run_with(mesh4x4(4), std::make_shared<PingPong>(5));
  CHECK(run.result.reason == pdes::TerminationReason::no_more_events);
  const auto m = messages_of(run);
  REQUIRE(m.size() == 10);  // 5 pings, 5 pongs
  for (std::uint32_t k = 0; k < 5; ++k) {
    CAPTURE(k);
    // Each pong is released when the last packet of its ping arrives, and the next ping when
    // the pong's last packet does.
    CHECK(m.at({15, k}).first == m.at({0, k}).second);
    if (k + 1 < 5) CHECK(m.at({0, k + 1}).first == m.at({15, k}).second);
  }
  CHECK(run.sink.delivered.size() == 30);  // 3 packets each
}

TEST_CASE("a workload's own records reach its results extension: a table and a figure") {
  net::NetworkParams p = mesh4x4(4);
  auto workload = std::make_shared<PingPong>(6);
  net::NetworkParts parts = net::make_network_parts(p);
  parts.workload = workload;
  net::NetworkResultsParams rp;
  rp.num_nodes = 16;
  rp.measure_end_cycle = 100000;
  rp.finite_workload = true;
  net::NetworkResults results(rp);
  results.add_extension(workload->make_results());
  pdes::Simulation sim(pdes::KernelConfig{});
  net::build_network(sim, p, parts);
  sim.set_output_sink(&results);
  const pdes::RunResult run = sim.run();
  const io::ResultSet set = results.local_results(run);
  const io::Table* replies = set.find("pingpong/replies");
  REQUIRE(replies != nullptr);
  REQUIRE(replies->rows() == 1);  // only node 0 receives replies
  CHECK(replies->at(0, 0).as_u64() == 0);
  CHECK(replies->at(0, 1).as_u64() == 6);
  const std::vector<models::Figure> figures = results.summary(set);
  const auto it = std::find_if(figures.begin(), figures.end(),
                               [](const models::Figure& f) { return f.key == "replies"; });
  REQUIRE(it != figures.end());
  CHECK(it->value == 6.0);
  const auto messages = std::find_if(figures.begin(), figures.end(), [](const auto& f) {
    return f.key == "messages_delivered";
  });
  REQUIRE(messages != figures.end());
  CHECK(messages->value == 12.0);
}

TEST_CASE("workload state and reassembly are rolled back with the node") {
  const auto plain = run_with(mesh4x4(4), std::make_shared<PingPong>(4));
  const auto checked =
      run_with(mesh4x4(4), std::make_shared<PingPong>(4), pdes::EngineKind::rollback_check);
  CHECK(messages_of(checked) == messages_of(plain));
  CHECK(checked.result.reason == plain.result.reason);
}

TEST_CASE("a message list file is read whole or refused with its file and line") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
                         ("warpnet-test-workloads-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    const std::filesystem::path path = dir / name;
    std::ofstream(path) << text;
    return path;
  };
  const auto good = write("good.txt",
                          "# cycle src dst flits group\n"
                          "\n"
                          "20, 1, 2, 8\n"
                          "5 1 3 4 2   # a comment\n"
                          "5\t0\t1\t1\n");
  const MessageListWorkload w = MessageListWorkload::read(good, 4, 4);
  CHECK(w.num_messages() == 3);

  auto refused = [&](const std::string& text, const std::string& expected) {
    CAPTURE(text);
    const auto path = write("bad.txt", text);
    try {
      MessageListWorkload::read(path, 4, 4);
      FAIL("accepted");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "workload.message_file");
      CHECK(std::string(e.what()).find(path.string() + ":") != std::string::npos);
      CHECK(std::string(e.what()).find(expected) != std::string::npos);
    }
  };
  refused("1 0 1 4\n1 0 1\n", ":2: expected 'cycle src dst flits [group]', found 3 fields");
  refused("0 0 1 4\n", ":1: cycle '0' is not a whole number in [1,");
  refused("1 0 4 4\n", ":1: dst '4' is not a whole number in [0, 3]");
  refused("1 x 1 4\n", ":1: src 'x'");
  refused("1 0 1 0\n", ":1: flits '0'");
  refused("1 0 1 262141\n", "flits '262141' is not a whole number in [1, 262140]");
  CHECK_THROWS_AS(MessageListWorkload::read(dir / "missing.txt", 4, 4), pdes::ConfigError);
  std::filesystem::remove_all(dir);
}

TEST_CASE("message_list without a file, and unknown workloads and schedulers, are refused") {
  net::NetworkParams p = mesh4x4(4);
  p.workload.kind = "message_list";
  net::testing::require_config_error(p, "workload.message_file");
  p.workload.kind = "dumpi";
  net::testing::require_config_error(p, "workload.kind");
  p.workload.kind = "replay";
  net::testing::require_config_error(p, "workload.trace_dir");
  p.workload.kind = "synthetic";
  p.workload.scheduler = "lifo";
  net::testing::require_config_error(p, "workload.scheduler");
}

TEST_CASE("MessageLog completes a message at its last packet, in any arrival order") {
  net::MessageLog log(true);
  auto packet = [](std::uint32_t src, std::uint32_t message, std::uint16_t packets,
                   std::int64_t delivered) {
    PacketDelivered d;
    d.src = src;
    d.dst = 2;
    d.message = message;
    d.message_packets = packets;
    d.size = 4;
    d.created = 100;
    d.delivered = delivered;
    d.measured = 1;
    return d;
  };
  CHECK_FALSE(log.add(packet(1, 0, 3, 900)).has_value());
  const auto single = log.add(packet(0, 4, 1, 300));
  REQUIRE(single.has_value());
  CHECK(single->latency() == 200);
  CHECK_FALSE(log.add(packet(1, 0, 3, 700)).has_value());
  CHECK(log.partial() == 1);
  const auto whole = log.add(packet(1, 0, 3, 800));
  REQUIRE(whole.has_value());
  CHECK(whole->packets == 3);
  CHECK(whole->flits == 12);
  CHECK(whole->delivered == 900);  // the latest arrival, not the last record
  CHECK(log.partial() == 0);
  const io::Table t = log.table();
  REQUIRE(t.rows() == 2);
  CHECK(t.at(0, 0).as_u64() == 0);  // sorted by (src, message)
  CHECK(t.at(1, 0).as_u64() == 1);
}
