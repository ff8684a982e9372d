// SPDX-License-Identifier: Apache-2.0
//
// Workload: what the compute nodes of a network have to send — messages, each with a
// destination, a length in flits and a release time — and how they react to the messages they
// receive. Synthetic traffic is one workload (every packet is a one-packet message); a message
// list read from a file is another; application trace replay and hypercube missions are others.
//
// A workload is immutable and shared by every node; each node's progress lives in an
// AlgorithmState that the node keeps in its LP state, so a workload is rollback-safe and
// deterministic on any rank count by construction. It acts only through its WorkloadContext:
//
//   load_input(nodes)                before the run, in each process, for the nodes it
//                                    simulates: reads and checks the input only they need
//   start(node, state, ctx)          at cycle 0, once per node (on_init); it may send already
//   on_wake(node, state, ctx)        at the cycle the workload asked for with ctx.wake_at
//   on_delivered(node, m, state, ctx) when the last packet of a message to `node` arrives
//                                    (only if observes_deliveries(): reassembly has a cost)
//   on_finish(node, state, ctx)      at the end of the run: may emit the workload's records,
//                                    which its make_results() extension turns into results
//
// ctx.send(dst, flits, group) queues a message at the node, released now: the node cuts it into
// packets of traffic.packet_size flits (the last one shorter if need be), emits one
// PacketGenerated record per packet, and its source scheduler (source_scheduler.hpp) decides
// which queued message sends its next packet. Every flit carries the message id and its packet
// count, so the sink and the results can tell when a message is complete.
//
// Adding a workload: its own file(s) here, one line in workload_registry.cpp, its tests.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/network/event/message_note.hpp"
#include "models/network/metrics/results_extension.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "pdes/context.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/error.hpp"
#include "pdes/rng.hpp"

namespace net {

/// A message complete at its destination (Workload::on_delivered).
struct DeliveredMessage {
  NodeId src = 0;
  std::uint32_t message = 0;  ///< the id the source's ctx.send returned
  std::uint32_t flits = 0;
  std::int64_t created = 0;    ///< release time at the source (ticks)
  std::int64_t delivered = 0;  ///< arrival of its last packet (ticks)
  bool has_note = false;       ///< sent with WorkloadContext::send_with_note
  MessageNote note;
};

/// What a workload may do at a node, during one of its calls.
class WorkloadContext {
 public:
  virtual ~WorkloadContext() = default;
  /// The current cycle.
  virtual std::uint64_t cycle() const = 0;
  /// The current time in ticks (picoseconds).
  virtual std::int64_t now() const = 0;
  /// The node's random stream (draws are rolled back with the node).
  virtual pdes::Rng& rng() = 0;
  /// Queues a message of `flits` >= 1 flits to `dst`, released now; `group` is the workload's
  /// label for it (the traffic phase, the mission, ...), kept in the PacketGenerated records.
  /// Returns the message id: 0, 1, 2, ... at each source.
  virtual std::uint32_t send(NodeId dst, std::uint32_t flits, std::uint32_t group) = 0;
  /// send() with a note for the destination's workload (event/message_note.hpp); the
  /// destination must observe deliveries.
  virtual std::uint32_t send_with_note(NodeId dst, std::uint32_t flits, std::uint32_t group,
                                       const MessageNote& note) = 0;
  /// A message that bypasses the network (the ideal network of trace replay): no packets, no
  /// records, no contention; the destination's workload gets it in on_delivered (with the note,
  /// has_note true) `delay_ticks` >= 1 ticks from now. Nodes that carry no notes refuse it.
  virtual void send_direct(NodeId /*dst*/, std::uint32_t /*flits*/, std::int64_t /*delay_ticks*/,
                           const MessageNote& /*note*/) {
    throw pdes::InvariantError("this node cannot send a message around the network");
  }
  /// Asks for on_wake at `cycle`, later than now. One wake-up is pending at a time: asking
  /// again replaces the earlier one.
  virtual void wake_at(std::uint64_t cycle) = 0;
};

class Workload {
 public:
  virtual ~Workload() = default;
  /// Reads and checks the input that the nodes `nodes` (those of one process, ascending) need,
  /// such as a replay's trace files, after partitioning and before any node starts; throws
  /// pdes::ConfigError for bad input. Input read here serves the nodes later, so that each
  /// process reads only its own nodes' files, each once. Default: nothing to read.
  virtual void load_input(const std::vector<NodeId>& /*nodes*/) const {}
  /// The state `node` starts with (empty if the workload keeps none).
  virtual AlgorithmState initial_state(NodeId node) const = 0;
  virtual void start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const = 0;
  virtual void on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const = 0;
  /// True if the workload reacts to arriving messages: the node then reassembles multi-packet
  /// messages and calls on_delivered.
  virtual bool observes_deliveries() const { return false; }
  virtual void on_delivered(NodeId /*node*/, const DeliveredMessage& /*message*/,
                            AlgorithmState& /*state*/, WorkloadContext& /*ctx*/) const {}
  /// At the end of the run: may emit the workload's own records from its state at `node`.
  virtual void on_finish(NodeId /*node*/, const AlgorithmState& /*state*/,
                         pdes::CommitContext& /*ctx*/) const {}
  /// False if the nodes send until the run ends (synthetic traffic); true if the workload
  /// ends by itself (its messages are all sent), so that the run can end when it is delivered.
  virtual bool is_finite() const { return true; }
  /// A short description of what the nodes send, for the run's summary ("" if the workload's
  /// name says it all).
  virtual std::string summary() const { return ""; }
  /// The compute-node LP kind the workload needs (network.node_kind), or "" if any will do.
  virtual std::string required_node_kind() const { return ""; }
  /// The workload's own results (metrics/results_extension.hpp), or nullptr if it has none.
  virtual std::unique_ptr<ResultsExtension> make_results() const { return nullptr; }
};

}  // namespace net
