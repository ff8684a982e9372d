// SPDX-License-Identifier: Apache-2.0
//
// ReplayWorkload: MPI ranks replaying logical traces on the compute nodes (workload.kind =
// "replay"; docs/workloads.md, "Trace replay"). Each rank runs its operations in order: a
// compute gap advances its time (scaled by workload.compute_scale), a send releases a message
// of ceil(bytes / workload.flit_bytes) flits (at least one) and completes at once (eager
// protocol), a receive or a wait holds the rank until the message arrives or the request
// completes, and a collective runs its rounds of messages (collective_rounds.hpp).
//
// Matching follows MPI: a receive takes the first message, in the order its sender sent it, of
// a matching source (or any) and tag (or any); messages of one sender to one receiver match in
// sending order even when the network delivers them out of order (each carries its position in
// a note; one that overtakes an earlier one waits). Collectives are matched by their number and
// round, apart from point-to-point traffic.
//
// Ranks map to nodes linearly (rank r on node r) or by a seeded random permutation
// (workload.rank_mapping); nodes without a rank stay idle. Each rank's state is a ReplayState
// in its node's LP state, so replay is deterministic on any rank count and rollback-safe.
// At the end each rank emits its totals (finish time, compute and wait time, what it was blocked
// on if it never finished), which ReplayResults turns into network/replay_ranks and the
// execution time; ranks left blocked with nothing in flight are reported as a trace deadlock.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "models/network/workload/replay/collective_rounds.hpp"
#include "models/network/workload/replay/trace_source.hpp"
#include "models/network/workload/replay/replay_state.hpp"
#include "models/network/workload/workload.hpp"

namespace net::replay {

struct ReplayParams {
  std::uint32_t flit_bytes = 16;  ///< bytes per flit
  double compute_scale = 1.0;     ///< compute gaps are multiplied by this
  std::int64_t cycle_ps = 1000;   ///< ticks per cycle (1 ps ticks)
  CollectiveAlgorithms algorithms;  ///< workload.tree, allreduce, barrier, alltoall, allgather
  /// Point-to-point messages above this many bytes use the rendezvous protocol.
  std::uint64_t eager_limit = 65536;
  /// The ideal network (workload.ideal_bandwidth, bytes per ns): > 0, a message of B bytes
  /// arrives B / ideal_bandwidth ns after its release (at least one tick; the rendezvous
  /// protocol's requests and answers one tick), around the network, with no contention; 0,
  /// messages cross the simulated network.
  double ideal_bandwidth = 0.0;
};

class ReplayWorkload final : public Workload {
 public:
  /// `node_of_rank[r]`: the node that runs rank r (distinct, < num_nodes).
  ReplayWorkload(std::shared_ptr<const TraceSource> trace, std::vector<NodeId> node_of_rank,
                 std::uint64_t num_nodes, ReplayParams params);

  /// Reads the operations of the ranks on `nodes`, in rank order, so that a bad trace line
  /// stops the run before it starts (pdes::ConfigError naming the file and line).
  void load_input(const std::vector<NodeId>& nodes) const override;
  /// Replay attaches an envelope to every message (message notes), which only the flit-level
  /// network interface carries.
  std::string required_node_kind() const override { return "network_interface"; }
  AlgorithmState initial_state(NodeId node) const override;
  void start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  void on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const override;
  bool observes_deliveries() const override { return true; }
  void on_delivered(NodeId node, const DeliveredMessage& message, AlgorithmState& state,
                    WorkloadContext& ctx) const override;
  void on_finish(NodeId node, const AlgorithmState& state,
                 pdes::CommitContext& ctx) const override;
  std::unique_ptr<ResultsExtension> make_results() const override;

  std::uint32_t ranks() const { return trace_->ranks(); }

 private:
  struct Step;  // one event's view: the rank's state, operations and context (.cpp)

  /// Runs operations until the rank blocks, computes or finishes.
  void advance(Step& s) const;
  /// Releases a message of `flits` flits with its envelope (type, tag, seq, id, bytes).
  void post(Step& s, std::uint32_t to_rank, std::uint8_t type, std::int32_t tag,
            std::uint32_t seq, std::uint32_t id, std::uint64_t bytes, std::uint64_t flits,
            std::uint32_t comm) const;
  std::uint64_t flits_of(std::uint64_t bytes) const;
  /// A point-to-point send (`request`: PostedRecv::kBlocking for a blocking one): eager up to
  /// the eager limit, else rendezvous. True if the rank now blocks.
  bool send(Step& s, std::uint32_t to_rank, std::int32_t tag, std::uint64_t bytes,
            std::uint32_t request, std::uint32_t comm) const;
  void send_collective(Step& s, std::uint32_t to_rank, std::uint64_t bytes) const;
  /// Takes the first unexpected message matching (src, tag), if any.
  std::optional<Arrival> take_unexpected(ReplayState& r, std::int32_t src, std::int32_t tag,
                                         std::uint32_t comm) const;
  /// Communicator sizes and ranks (communicator 0: MPI_COMM_WORLD).
  std::uint32_t comm_size(std::uint32_t comm) const;
  std::uint32_t global_rank(std::uint32_t comm, std::uint32_t local) const;
  std::uint32_t local_rank(std::uint32_t comm, std::uint32_t global) const;
  /// A receive (`request`, or kBlocking) matched `a`: true if it is complete (eager); for a
  /// rendezvous request to send, answers clear to send and waits for the data.
  bool on_match(Step& s, const Arrival& a, std::uint32_t request) const;
  /// A request is complete: resumes a wait or waitall it ends.
  void complete_request(Step& s, std::uint32_t request) const;
  /// A point-to-point message in sending order: to a posted receive, or to the unexpected ones.
  void accept(Step& s, const Arrival& a) const;
  /// Enters round `k` of the current collective and moves on while rounds need no message.
  void enter_round(Step& s, std::uint32_t k) const;
  void block(Step& s, Mode mode) const;
  void resume(Step& s) const;

  std::shared_ptr<const TraceSource> trace_;
  std::vector<NodeId> node_of_rank_;
  std::vector<std::int64_t> rank_of_node_;  ///< -1: no rank
  ReplayParams params_;
};

}  // namespace net::replay
