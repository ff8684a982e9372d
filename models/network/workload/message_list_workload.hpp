// SPDX-License-Identifier: Apache-2.0
//
// MessageListWorkload: messages listed in a text file (workload.message_file), one per line:
//
//   # cycle  src  dst  flits  [group]
//   1        0    5    64
//   1        3    5    64     1
//   250      5    0    8      2
//
// Fields are separated by blanks or commas; `#` starts a comment; blank lines are skipped.
// `cycle` (>= 1) is the release cycle, `src` and `dst` are node ids, `flits` the message
// length (cut into packets of traffic.packet_size flits), `group` an optional label (default 0)
// kept in the PacketGenerated records. Messages of one source released in the same cycle are
// queued in file order. The file is read once, when the run is set up; a bad line is refused
// with the file, the line and what is wrong (pdes::ConfigError on workload.message_file).
//
// Per-node state: the index of the node's next message to release.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "models/network/workload/workload.hpp"

namespace net {

struct ListedMessage {
  std::uint64_t cycle = 1;
  NodeId dst = 0;
  std::uint32_t flits = 1;
  std::uint32_t group = 0;
  bool operator==(const ListedMessage&) const = default;
};

class MessageListWorkload final : public Workload {
 public:
  /// `per_node[n]`: node n's messages in release order (cycles ascending).
  /// `source` names where the messages came from, for the run's summary.
  explicit MessageListWorkload(std::vector<std::vector<ListedMessage>> per_node,
                               std::string source = "");

  /// Reads `path` for a network of `num_nodes` nodes whose packets hold `packet_size` flits;
  /// throws pdes::ConfigError (key workload.message_file) naming the file and line.
  static MessageListWorkload read(const std::filesystem::path& path, std::uint64_t num_nodes,
                                  std::uint32_t packet_size);

  AlgorithmState initial_state(NodeId node) const override;
  void start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  void on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;

  std::string summary() const override { return source_; }

  std::uint64_t num_messages() const;

 private:
  /// Wakes at the release cycle of node's message `next`, if there is one.
  void schedule(NodeId node, std::uint64_t next, WorkloadContext& ctx) const;

  std::vector<std::vector<ListedMessage>> per_node_;
  std::string source_;
};

}  // namespace net
