// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/replay_workload.hpp"

#include <algorithm>
#include <cmath>
#include <new>
#include <stdexcept>
#include <optional>
#include <string>
#include <utility>

#include "models/network/workload/replay/replay_records.hpp"
#include "models/network/workload/replay/replay_results.hpp"
#include "pdes/error.hpp"

namespace net::replay {

namespace {

// What travels with each message (a MessageNote, event/message_note.hpp).
struct Envelope {
  static constexpr std::uint8_t kPointToPoint = 0;  ///< an eager message
  static constexpr std::uint8_t kCollective = 1;
  static constexpr std::uint8_t kRequestToSend = 2;  ///< rendezvous: matched like a message
  static constexpr std::uint8_t kClearToSend = 3;    ///< rendezvous: the receiver's answer
  static constexpr std::uint8_t kRendezvousData = 4;
  std::uint8_t type = kPointToPoint;
  std::uint8_t reserved[3] = {};
  std::int32_t tag = 0;
  std::uint32_t src = 0;  ///< sending rank
  std::uint32_t seq = 0;  ///< point to point: position among src's messages to this rank;
                          ///< collective: the collective's number
  std::uint32_t round = 0;  ///< collective: the receiver's round; rendezvous: the send's id
  std::uint32_t comm = 0;   ///< the communicator
  std::uint64_t bytes = 0;
};

/// A trace's `fault` operation (for tests): the failure a model or a late bad input would raise.
[[noreturn]] __attribute__((cold, noinline)) void fail_on_purpose(std::uint32_t rank,
                                                                  std::size_t index,
                                                                  FaultKind kind) {
  const std::string where = "rank " + std::to_string(rank) + ", operation " +
                            std::to_string(index + 1) + ": a fault the trace asks for (a test)";
  switch (kind) {
    case FaultKind::kConfig: throw pdes::ConfigError("workload.trace_dir", where);
    case FaultKind::kAlloc: throw std::bad_alloc();
    case FaultKind::kInvariant: throw pdes::InvariantError(where);
    case FaultKind::kError: break;
  }
  throw std::runtime_error(where);
}

std::uint32_t next_count(std::vector<PeerCount>& counts, std::uint32_t peer) {
  for (PeerCount& c : counts) {
    if (c.peer == peer) return c.count++;
  }
  counts.push_back({peer, 1});
  return 0;
}

std::uint32_t& expected(std::vector<PeerCount>& counts, std::uint32_t peer) {
  for (PeerCount& c : counts) {
    if (c.peer == peer) return c.count;
  }
  counts.push_back({peer, 0});
  return counts.back().count;
}

bool take(std::vector<std::uint32_t>& v, std::uint32_t x) {
  const auto it = std::find(v.begin(), v.end(), x);
  if (it == v.end()) return false;
  v.erase(it);
  return true;
}

}  // namespace

struct ReplayWorkload::Step {
  ReplayState& r;
  const std::vector<MpiOp>& ops;
  WorkloadContext& ctx;
};

ReplayWorkload::ReplayWorkload(std::shared_ptr<const TraceSource> trace,
                               std::vector<NodeId> node_of_rank, std::uint64_t num_nodes,
                               ReplayParams params)
    : trace_(std::move(trace)),
      node_of_rank_(std::move(node_of_rank)),
      rank_of_node_(num_nodes, -1),
      params_(params) {
  PDES_CHECK(node_of_rank_.size() == trace_->ranks(), "a node for every rank");
  for (std::uint32_t r = 0; r < node_of_rank_.size(); ++r) {
    PDES_CHECK(node_of_rank_[r] < num_nodes && rank_of_node_[node_of_rank_[r]] < 0,
               "ranks on distinct nodes of the network");
    rank_of_node_[node_of_rank_[r]] = r;
  }
}

void ReplayWorkload::load_input(const std::vector<NodeId>& nodes) const {
  // In rank order: of several bad files, every process count reports the same first one.
  std::vector<std::uint32_t> ranks;
  for (const NodeId node : nodes) {
    if (rank_of_node_[node] >= 0) ranks.push_back(static_cast<std::uint32_t>(rank_of_node_[node]));
  }
  std::sort(ranks.begin(), ranks.end());
  for (const std::uint32_t rank : ranks) trace_->ops(rank);
}

AlgorithmState ReplayWorkload::initial_state(NodeId node) const {
  ReplayState r;
  if (rank_of_node_[node] >= 0) {
    r.mode = Mode::kRunning;
    r.rank = static_cast<std::uint32_t>(rank_of_node_[node]);
  }
  return AlgorithmState::of(std::move(r));
}

void ReplayWorkload::start(NodeId /*node*/, AlgorithmState& state, WorkloadContext& ctx) const {
  ReplayState& r = state.get<ReplayState>();
  if (r.mode == Mode::kIdle) return;
  Step s{r, trace_->ops(r.rank), ctx};
  advance(s);
}

void ReplayWorkload::on_wake(NodeId /*node*/, AlgorithmState& state, WorkloadContext& ctx) const {
  ReplayState& r = state.get<ReplayState>();
  PDES_CHECK(r.mode == Mode::kComputing, "a replay wake-up outside a compute gap");
  r.mode = Mode::kRunning;
  Step s{r, trace_->ops(r.rank), ctx};
  advance(s);
}

void ReplayWorkload::block(Step& s, Mode mode) const {
  s.r.mode = mode;
  s.r.blocked_since = s.ctx.now();
}

void ReplayWorkload::resume(Step& s) const {
  s.r.wait_ticks += s.ctx.now() - s.r.blocked_since;
  s.r.mode = Mode::kRunning;
  advance(s);
}

void ReplayWorkload::post(Step& s, std::uint32_t to_rank, std::uint8_t type, std::int32_t tag,
                          std::uint32_t seq, std::uint32_t id, std::uint64_t bytes,
                          std::uint64_t flits, std::uint32_t comm) const {
  Envelope e;
  e.type = type;
  e.comm = comm;
  e.tag = tag;
  e.src = s.r.rank;
  e.seq = seq;
  e.round = id;
  e.bytes = bytes;
  MessageNote note;
  note.set(e);
  if (params_.ideal_bandwidth > 0.0) {
    const bool control = type == Envelope::kRequestToSend || type == Envelope::kClearToSend;
    const double ticks =
        control ? 0.0 : static_cast<double>(bytes) * 1000.0 / params_.ideal_bandwidth;
    const std::int64_t delay =
        std::max<std::int64_t>(1, ticks < 9.0e18 ? std::llround(ticks) : std::int64_t{1} << 62);
    s.ctx.send_direct(node_of_rank_[to_rank], static_cast<std::uint32_t>(flits), delay, note);
    return;
  }
  s.ctx.send_with_note(node_of_rank_[to_rank], static_cast<std::uint32_t>(flits), 0, note);
}

std::uint64_t ReplayWorkload::flits_of(std::uint64_t bytes) const {
  return std::max<std::uint64_t>(1, (bytes + params_.flit_bytes - 1) / params_.flit_bytes);
}

bool ReplayWorkload::send(Step& s, std::uint32_t to_rank, std::int32_t tag, std::uint64_t bytes,
                          std::uint32_t request, std::uint32_t comm) const {
  ReplayState& r = s.r;
  const std::uint32_t seq = next_count(r.sent_to, to_rank);
  if (bytes <= params_.eager_limit) {
    post(s, to_rank, Envelope::kPointToPoint, tag, seq, 0, bytes, flits_of(bytes), comm);
    ++r.messages_sent;
    r.bytes_sent += bytes;
    if (request != PostedRecv::kBlocking) r.done.push_back(request);  // complete once released
    return false;
  }
  // Rendezvous: a one-flit request to send, matched at the receiver like a message; the data
  // leaves when the receiver answers that it has a matching receive.
  const std::uint32_t id = r.sends++;
  post(s, to_rank, Envelope::kRequestToSend, tag, seq, id, bytes, 1, comm);
  r.sending.push_back({id, to_rank, request, 0, bytes});
  if (request == PostedRecv::kBlocking) {
    block(s, Mode::kSend);
    return true;
  }
  r.open.push_back(request);
  return false;
}

void ReplayWorkload::send_collective(Step& s, std::uint32_t to_rank, std::uint64_t bytes) const {
  post(s, to_rank, Envelope::kCollective, 0, s.r.coll_number,
       receiver_round(s.ops[s.r.cursor - 1], comm_size(s.r.coll_comm), s.r.round,
                      params_.algorithms),
       bytes, flits_of(bytes), s.r.coll_comm);
  ++s.r.messages_sent;
  s.r.bytes_sent += bytes;
}

std::optional<Arrival> ReplayWorkload::take_unexpected(ReplayState& r, std::int32_t src,
                                                       std::int32_t tag,
                                                       std::uint32_t comm) const {
  const auto it = std::find_if(r.unexpected.begin(), r.unexpected.end(), [&](const Arrival& a) {
    return a.comm == comm && (src == kAny || static_cast<std::int32_t>(a.src) == src) &&
           (tag == kAny || a.tag == tag);
  });
  if (it == r.unexpected.end()) return std::nullopt;
  const Arrival a = *it;
  r.unexpected.erase(it);
  return a;
}

bool ReplayWorkload::on_match(Step& s, const Arrival& a, std::uint32_t request) const {
  if (a.send_id == Arrival::kEager) return true;
  post(s, a.src, Envelope::kClearToSend, 0, 0, a.send_id, 0, 1, a.comm);
  s.r.awaiting.push_back({a.src, a.send_id, request, 0});
  return false;
}

void ReplayWorkload::complete_request(Step& s, std::uint32_t request) const {
  ReplayState& r = s.r;
  take(r.open, request);
  r.done.push_back(request);
  if (r.mode == Mode::kWait && request == r.wait_request) {
    take(r.done, request);
    resume(s);
  } else if (r.mode == Mode::kWaitall && r.open.empty()) {
    r.done.clear();
    resume(s);
  }
}

std::uint32_t ReplayWorkload::comm_size(std::uint32_t comm) const {
  return comm == 0 ? trace_->ranks() : static_cast<std::uint32_t>(trace_->members(comm).size());
}

std::uint32_t ReplayWorkload::global_rank(std::uint32_t comm, std::uint32_t local) const {
  return comm == 0 ? local : trace_->members(comm)[local];
}

std::uint32_t ReplayWorkload::local_rank(std::uint32_t comm, std::uint32_t global) const {
  if (comm == 0) return global;
  const auto& m = trace_->members(comm);
  return static_cast<std::uint32_t>(std::find(m.begin(), m.end(), global) - m.begin());
}

void ReplayWorkload::enter_round(Step& s, std::uint32_t k) const {
  ReplayState& r = s.r;
  const MpiOp& op = s.ops[r.cursor - 1];
  const std::uint32_t me = local_rank(r.coll_comm, r.rank);
  const std::uint32_t size = comm_size(r.coll_comm);
  for (; k < r.rounds; ++k) {
    r.round = k;
    Round round = round_of(op, me, size, k, params_.algorithms);
    for (std::uint32_t& peer : round.sends) peer = global_rank(r.coll_comm, peer);
    for (std::uint32_t& peer : round.recvs) peer = global_rank(r.coll_comm, peer);
    for (const std::uint32_t to : round.sends) send_collective(s, to, round.bytes);
    r.recvs_left = static_cast<std::uint32_t>(round.recvs.size());
    // Messages of this round that came early.
    const auto early_end = std::remove_if(r.early.begin(), r.early.end(), [&](const auto& e) {
      const bool ours = e.comm == r.coll_comm && e.collective == r.coll_number && e.round == k &&
                        std::find(round.recvs.begin(), round.recvs.end(), e.src) !=
                            round.recvs.end();
      if (ours) --r.recvs_left;
      return ours;
    });
    r.early.erase(early_end, r.early.end());
    if (r.recvs_left > 0) return;  // on_delivered resumes
  }
  r.mode = Mode::kRunning;  // the collective is complete
}

void ReplayWorkload::advance(Step& s) const {
  ReplayState& r = s.r;
  while (r.mode == Mode::kRunning) {
    if (r.cursor == s.ops.size()) {
      r.mode = Mode::kFinished;
      r.finished_at = s.ctx.now();
      return;
    }
    const MpiOp& op = s.ops[r.cursor++];
    switch (op.kind) {
      case OpKind::kCompute: {
        const double ticks = static_cast<double>(op.amount) * 1000.0 * params_.compute_scale;
        const auto cycles = static_cast<std::uint64_t>(
            std::ceil(ticks / static_cast<double>(params_.cycle_ps)));
        if (cycles == 0) break;
        r.compute_ticks += static_cast<std::int64_t>(cycles) * params_.cycle_ps;
        r.mode = Mode::kComputing;
        s.ctx.wake_at(s.ctx.cycle() + cycles);
        return;
      }
      case OpKind::kSend:
        if (send(s, static_cast<std::uint32_t>(op.peer), op.tag, op.amount,
                 PostedRecv::kBlocking, op.comm)) {
          return;
        }
        break;
      case OpKind::kIsend:
        send(s, static_cast<std::uint32_t>(op.peer), op.tag, op.amount, op.request, op.comm);
        break;
      case OpKind::kRecv: {
        const std::optional<Arrival> a = take_unexpected(r, op.peer, op.tag, op.comm);
        if (a && on_match(s, *a, PostedRecv::kBlocking)) break;
        if (!a) r.posted.push_back({op.peer, op.tag, PostedRecv::kBlocking, op.comm});
        block(s, Mode::kRecv);
        return;
      }
      case OpKind::kIrecv: {
        const std::optional<Arrival> a = take_unexpected(r, op.peer, op.tag, op.comm);
        if (!a) {
          r.posted.push_back({op.peer, op.tag, op.request, op.comm});
          r.open.push_back(op.request);
        } else if (on_match(s, *a, op.request)) {
          r.done.push_back(op.request);
        } else {
          r.open.push_back(op.request);
        }
        break;
      }
      case OpKind::kWait:
        if (take(r.done, op.request)) break;
        PDES_CHECK(std::find(r.open.begin(), r.open.end(), op.request) != r.open.end(),
                   "rank " + std::to_string(r.rank) + " waits for request " +
                       std::to_string(op.request) + ", which no isend or irecv started");
        r.wait_request = op.request;
        block(s, Mode::kWait);
        return;
      case OpKind::kWaitall:
        if (r.open.empty()) {
          r.done.clear();
          break;
        }
        block(s, Mode::kWaitall);
        return;
      case OpKind::kFault:
        fail_on_purpose(r.rank, r.cursor - 1, static_cast<FaultKind>(op.amount));
      default: {  // a collective
        r.coll_comm = op.comm;
        r.coll_number = next_count(r.collectives, op.comm);
        r.rounds = round_count(op, local_rank(op.comm, r.rank), comm_size(op.comm),
                               params_.algorithms);
        block(s, Mode::kCollective);
        enter_round(s, 0);
        if (r.mode == Mode::kRunning) {
          r.wait_ticks += s.ctx.now() - r.blocked_since;
          break;
        }
        return;
      }
    }
  }
}

void ReplayWorkload::accept(Step& s, const Arrival& a) const {
  ReplayState& r = s.r;
  const auto it = std::find_if(r.posted.begin(), r.posted.end(), [&](const PostedRecv& p) {
    return p.comm == a.comm && (p.src == kAny || p.src == static_cast<std::int32_t>(a.src)) &&
           (p.tag == kAny || p.tag == a.tag);
  });
  if (it == r.posted.end()) {
    r.unexpected.push_back(a);
    return;
  }
  const std::uint32_t request = it->request;
  r.posted.erase(it);
  if (!on_match(s, a, request)) return;  // rendezvous: complete when the data arrives
  if (request == PostedRecv::kBlocking) {
    PDES_CHECK(r.mode == Mode::kRecv, "a blocking receive matched while not receiving");
    resume(s);
    return;
  }
  complete_request(s, request);
}

void ReplayWorkload::on_delivered(NodeId node, const DeliveredMessage& m, AlgorithmState& state,
                                  WorkloadContext& ctx) const {
  ReplayState& r = state.get<ReplayState>();
  PDES_CHECK(m.has_note && r.mode != Mode::kIdle,
             "a message without an envelope, or to node " + std::to_string(node) +
                 ", which runs no rank");
  const Envelope e = m.note.get<Envelope>();
  Step s{r, trace_->ops(r.rank), ctx};
  if (e.type == Envelope::kCollective) {
    if (r.mode == Mode::kCollective && e.comm == r.coll_comm && e.seq == r.coll_number &&
        e.round == r.round) {
      if (--r.recvs_left == 0) {
        enter_round(s, r.round + 1);
        if (r.mode == Mode::kRunning) resume(s);
      }
    } else {
      r.early.push_back({e.src, e.seq, e.round, e.comm});
    }
    return;
  }
  if (e.type == Envelope::kClearToSend) {  // our rendezvous send may go
    const auto it = std::find_if(r.sending.begin(), r.sending.end(),
                                 [&](const PendingSend& p) { return p.send_id == e.round; });
    PDES_CHECK(it != r.sending.end(), "a clear to send for no rendezvous send");
    const PendingSend p = *it;
    r.sending.erase(it);
    post(s, p.to, Envelope::kRendezvousData, 0, 0, p.send_id, p.bytes, flits_of(p.bytes), 0);
    ++r.messages_sent;
    r.bytes_sent += p.bytes;
    if (p.request == PostedRecv::kBlocking) {
      PDES_CHECK(r.mode == Mode::kSend, "a blocking rendezvous send went while not sending");
      resume(s);
    } else {
      complete_request(s, p.request);
    }
    return;
  }
  if (e.type == Envelope::kRendezvousData) {  // the data of a matched rendezvous receive
    const auto it = std::find_if(r.awaiting.begin(), r.awaiting.end(), [&](const AwaitedData& d) {
      return d.src == e.src && d.send_id == e.round;
    });
    PDES_CHECK(it != r.awaiting.end(), "rendezvous data for no matched receive");
    const std::uint32_t request = it->request;
    r.awaiting.erase(it);
    if (request == PostedRecv::kBlocking) {
      PDES_CHECK(r.mode == Mode::kRecv, "rendezvous data while not receiving");
      resume(s);
    } else {
      complete_request(s, request);
    }
    return;
  }
  // Point to point (an eager message or a request to send): accept in the sender's order,
  // holding one that overtook another.
  std::uint32_t& next = expected(r.expected_from, e.src);
  const Arrival a{e.src, e.tag, e.seq,
                  e.type == Envelope::kRequestToSend ? e.round : Arrival::kEager, e.bytes, e.comm,
                  0};
  if (e.seq != next) {
    r.held.push_back(a);
    return;
  }
  ++next;
  accept(s, a);
  for (bool found = true; found;) {
    found = false;
    const auto it = std::find_if(r.held.begin(), r.held.end(), [&](const Arrival& h) {
      return h.src == e.src && h.seq == next;
    });
    if (it != r.held.end()) {
      const Arrival h = *it;
      r.held.erase(it);
      ++next;
      accept(s, h);
      found = true;
    }
  }
}

void ReplayWorkload::on_finish(NodeId node, const AlgorithmState& state,
                               pdes::CommitContext& ctx) const {
  const ReplayState& r = state.get<ReplayState>();
  if (r.mode == Mode::kIdle) return;
  RankReplayTotals t;
  t.rank = r.rank;
  t.node = static_cast<std::uint32_t>(node);
  t.mode = static_cast<std::uint8_t>(r.mode);
  if (r.mode != Mode::kFinished && r.cursor > 0) {
    const MpiOp& op = trace_->ops(r.rank)[r.cursor - 1];
    t.blocked_kind = static_cast<std::uint8_t>(op.kind);
    t.blocked_peer = is_collective(op.kind) ? static_cast<std::int32_t>(op.root) : op.peer;
    t.blocked_tag = op.tag;
  }
  t.finished_at = r.finished_at;
  t.compute_ticks = r.compute_ticks;
  t.wait_ticks = r.wait_ticks;
  t.messages_sent = r.messages_sent;
  t.bytes_sent = r.bytes_sent;
  t.operations_done = r.cursor;
  ctx.emit(t);
}

std::unique_ptr<ResultsExtension> ReplayWorkload::make_results() const {
  return std::make_unique<ReplayResults>(trace_->ranks());
}

}  // namespace net::replay
