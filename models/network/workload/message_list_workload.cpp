// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/message_list_workload.hpp"

#include <algorithm>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>

#include "models/network/workload/text_fields.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

constexpr const char* kKey = "workload.message_file";
// A flit's message_packets field is 16 bits wide (event/flit.hpp).
constexpr std::uint64_t kMaxPackets = 65535;

struct NodeCursor {
  std::uint64_t next = 0;  ///< index of the next message to release
  bool operator==(const NodeCursor&) const = default;
};

}  // namespace

MessageListWorkload::MessageListWorkload(std::vector<std::vector<ListedMessage>> per_node,
                                         std::string source)
    : per_node_(std::move(per_node)), source_(std::move(source)) {}

MessageListWorkload MessageListWorkload::read(const std::filesystem::path& path,
                                              std::uint64_t num_nodes,
                                              std::uint32_t packet_size) {
  std::ifstream in(path);
  if (!in) throw pdes::ConfigError(kKey, "cannot open '" + path.string() + "'");
  std::vector<std::vector<ListedMessage>> per_node(num_nodes);
  std::string line;
  std::uint64_t line_no = 0;
  auto fail = [&](const std::string& what) {
    throw pdes::ConfigError(kKey, path.string() + ":" + std::to_string(line_no) + ": " + what);
  };
  auto number = [&](std::string_view field, const char* name, std::uint64_t low,
                    std::uint64_t high) {
    const std::optional<std::uint64_t> v = whole_number(field, low, high);
    if (!v) fail(not_whole_number(name, field, low, high));
    return *v;
  };
  const std::uint64_t max_flits = kMaxPackets * packet_size;
  while (std::getline(in, line)) {
    ++line_no;
    std::string_view text(line);
    text = text.substr(0, text.find('#'));
    const std::vector<std::string_view> f = split_fields(text, ",");
    if (f.empty()) continue;
    if (f.size() < 4 || f.size() > 5) {
      fail("expected 'cycle src dst flits [group]', found " + std::to_string(f.size()) +
           " fields");
    }
    ListedMessage m;
    m.cycle = number(f[0], "cycle", 1, std::uint64_t{1} << 62);
    const std::uint64_t src = number(f[1], "src", 0, num_nodes - 1);
    m.dst = number(f[2], "dst", 0, num_nodes - 1);
    m.flits = static_cast<std::uint32_t>(
        number(f[3], "flits", 1, std::min<std::uint64_t>(max_flits, 0xFFFFFFFFu)));
    if (f.size() == 5) m.group = static_cast<std::uint32_t>(number(f[4], "group", 0, 0xFFFFFFFFu));
    per_node[src].push_back(m);
  }
  if (in.bad()) throw pdes::ConfigError(kKey, "error reading '" + path.string() + "'");
  for (auto& list : per_node) {
    std::stable_sort(list.begin(), list.end(),
                     [](const ListedMessage& a, const ListedMessage& b) { return a.cycle < b.cycle; });
  }
  return MessageListWorkload(std::move(per_node), path.string());
}

std::uint64_t MessageListWorkload::num_messages() const {
  std::uint64_t n = 0;
  for (const auto& list : per_node_) n += list.size();
  return n;
}

AlgorithmState MessageListWorkload::initial_state(NodeId /*node*/) const {
  return AlgorithmState::of(NodeCursor{});
}

void MessageListWorkload::schedule(NodeId node, std::uint64_t next, WorkloadContext& ctx) const {
  const std::vector<ListedMessage>& list = per_node_[node];
  if (next < list.size()) ctx.wake_at(list[next].cycle);
}

void MessageListWorkload::start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const {
  schedule(node, state.get<NodeCursor>().next, ctx);
}

void MessageListWorkload::on_wake(NodeId node, AlgorithmState& state,
                                  WorkloadContext& ctx) const {
  std::uint64_t& next = state.get<NodeCursor>().next;
  const std::vector<ListedMessage>& list = per_node_[node];
  const std::uint64_t now = ctx.cycle();
  while (next < list.size() && list[next].cycle == now) {
    ctx.send(list[next].dst, list[next].flits, list[next].group);
    ++next;
  }
  schedule(node, next, ctx);
}

}  // namespace net
