// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/node_lp.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "models/network/metrics/packet_records.hpp"

namespace net {

// The workload's view of the node during one event.
class NodeLp::Source final : public WorkloadContext {
 public:
  Source(const NodeLp& node, NodeState& state, pdes::Context<NetEvent>& ctx)
      : node_(node), state_(state), ctx_(ctx) {}

  std::uint64_t cycle() const override {
    return static_cast<std::uint64_t>(ctx_.now().ticks() / node_.params_.router.cycle_ps);
  }
  std::int64_t now() const override { return ctx_.now().ticks(); }
  pdes::Rng& rng() override { return ctx_.rng(); }
  std::uint32_t send(NodeId dst, std::uint32_t flits, std::uint32_t group) override {
    return node_.release(dst, flits, group, state_, ctx_);
  }
  std::uint32_t send_with_note(NodeId dst, std::uint32_t flits, std::uint32_t group,
                               const MessageNote& note) override {
    const std::uint32_t message = node_.release(dst, flits, group, state_, ctx_);
    NetEvent ev;
    ev.kind = NetEventKind::kNote;
    ev.note = NoteOrder{static_cast<std::uint32_t>(node_.node_), message, note};
    ctx_.send(node_.layout_.node_lp(dst), pdes::SimTime{1}, ev);
    return message;
  }
  void send_direct(NodeId dst, std::uint32_t flits, std::int64_t delay_ticks,
                   const MessageNote& note) override {
    PDES_CHECK(delay_ticks >= 1, "a direct message must take at least one tick");
    NetEvent ev;
    ev.kind = NetEventKind::kDirect;
    ev.direct = DirectOrder{static_cast<std::uint32_t>(node_.node_), flits, ctx_.now().ticks(),
                            note};
    ctx_.send(node_.layout_.node_lp(dst), pdes::SimTime{delay_ticks}, ev);
  }
  void wake_at(std::uint64_t cycle) override {
    const std::int64_t now = ctx_.now().ticks();
    const std::int64_t at = static_cast<std::int64_t>(cycle) * node_.params_.router.cycle_ps;
    PDES_CHECK(at > now, "workload wake-up at cycle " + std::to_string(cycle) +
                             ", not after the current one");
    // A wake-up asked for earlier is not cancelled: it arrives and finds another time here.
    state_.workload_wake = at;
    NetEvent ev;
    ev.kind = NetEventKind::kGenerate;
    ev.generate = GenerateOrder{};
    ctx_.send(ctx_.self(), pdes::SimTime{at - now}, ev);
  }

 private:
  const NodeLp& node_;
  NodeState& state_;
  pdes::Context<NetEvent>& ctx_;
};

// The agent's view of the node during one event.
class NodeLp::Agent final : public NodeAgentContext {
 public:
  Agent(const NodeLp& node, NodeState& state, pdes::Context<NetEvent>& ctx)
      : node_(node), state_(state), ctx_(ctx) {}

  NodeId self() const override { return node_.node_; }
  const Topology& topology() const override { return *node_.topology_; }
  const RouterParams& router() const override { return node_.params_.router; }
  pdes::Context<NetEvent>& events() override { return ctx_; }
  bool measured(std::int64_t created) const override { return created >= node_.warmup_ticks(); }
  void send_to_node(NodeId dst, pdes::SimTime delay, const NetEvent& event) override {
    ctx_.send(node_.layout_.node_lp(dst), delay, event);
  }
  int emptiest_vc() const override { return node_.emptiest_vc(state_); }
  void send_flit(const Flit& flit, int vc) override {
    state_.current_vc = static_cast<std::uint16_t>(vc);
    node_.send_to_router(flit, state_, ctx_);
  }
  bool start_packet(const Flit& head) override {
    const int vc = node_.packet_vc(state_, head.size);
    if (vc < 0) return false;
    state_.current_vc = static_cast<std::uint16_t>(vc);
    state_.current = head;
    node_.send_current_flit(state_, ctx_);
    return true;
  }

 private:
  const NodeLp& node_;
  NodeState& state_;
  pdes::Context<NetEvent>& ctx_;
};

NodeLp::NodeLp(NodeId node, const NodeParams& params, LpLayout layout,
               std::shared_ptr<const Topology> topology, std::shared_ptr<const Workload> workload,
               std::shared_ptr<const SourceScheduler> scheduler,
               std::shared_ptr<const RoutingAlgorithm> routing)
    : node_(node),
      params_(params),
      layout_(layout),
      topology_(topology),
      router_lp_(layout.router_lp(topology->attachment(node).router)),
      router_port_(static_cast<std::uint8_t>(topology->attachment(node).port)),
      workload_(std::move(workload)),
      observes_deliveries_(workload_->observes_deliveries()),
      scheduler_(std::move(scheduler)),
      routing_(std::move(routing)),
      agent_(routing_->node_agent()) {}

void NodeLp::on_init(NodeState& state, pdes::Context<NetEvent>& ctx) const {
  state.credits.assign(params_.router.vcs,
                       static_cast<std::uint16_t>(params_.router.buffer_depth));
  if (agent_ != nullptr) state.agent = agent_->initial_state(node_);
  for (const ScriptedPacket& sp : params_.scripted) {
    PDES_CHECK(sp.src == node_ && sp.cycle >= 1, "scripted packet for another node or cycle 0");
    NetEvent ev;
    ev.kind = NetEventKind::kGenerate;
    ev.generate = GenerateOrder{static_cast<std::uint32_t>(sp.dst), 1};
    ctx.send(ctx.self(),
             pdes::SimTime{static_cast<std::int64_t>(sp.cycle) * params_.router.cycle_ps}, ev);
  }
  state.workload = workload_->initial_state(node_);
  Source source(*this, state, ctx);
  workload_->start(node_, state.workload, source);
  try_inject(state, ctx);  // messages released at cycle 0 leave at once
}

void NodeLp::on_event(const NetEvent& event, NodeState& state,
                      pdes::Context<NetEvent>& ctx) const {
  switch (event.kind) {
    case NetEventKind::kGenerate:
      generate(event, state, ctx);
      break;
    case NetEventKind::kCredit:
      PDES_CHECK(state.credits[event.vc] < params_.router.buffer_depth,
                 "credit overflow at node " + std::to_string(node_));
      ++state.credits[event.vc];
      break;
    case NetEventKind::kInject:
      if (state.pending_inject == ctx.now().ticks()) state.pending_inject = NodeState::kNoWake;
      break;
    case NetEventKind::kFlit:
      receive(event.flit, state, ctx);
      // Something to send now: the agent's (an ACK just owed, a packet to pass on), or a
      // message the workload released on a delivery.
      if (!observes_deliveries_ && !agent_outgoing(state)) return;
      break;
    case NetEventKind::kAck: {
      PDES_CHECK(agent_ != nullptr,
                 "an agent's event at node " + std::to_string(node_) + " without an agent");
      Agent agent(*this, state, ctx);
      agent_->on_event(event, agent, state.agent);
      return;
    }
    case NetEventKind::kNote:
      PDES_CHECK(observes_deliveries_,
                 "a message note at node " + std::to_string(node_) +
                     ", whose workload does not observe deliveries");
      state.notes.push_back(event.note);
      return;
    case NetEventKind::kDirect: {
      PDES_CHECK(observes_deliveries_,
                 "a direct message at node " + std::to_string(node_) +
                     ", whose workload does not observe deliveries");
      DeliveredMessage m{event.direct.src, 0, event.direct.flits, event.direct.created,
                         ctx.now().ticks(), true, event.direct.note};
      Source source(*this, state, ctx);
      workload_->on_delivered(node_, m, state.workload, source);
      break;
    }
    case NetEventKind::kControl:
      PDES_CHECK(agent_ != nullptr, "control message at node " + std::to_string(node_) +
                                        " whose routing has no node agent");
      agent_->on_control(node_, event.control, ctx.now().ticks(), state.agent);
      return;
    default:
      PDES_CHECK(false, "node received a router event");
  }
  try_inject(state, ctx);
}

void NodeLp::on_finish(const NodeState& state, pdes::CommitContext& ctx) const {
  if (agent_ != nullptr) agent_->on_finish(node_, state.agent, ctx);
  workload_->on_finish(node_, state.workload, ctx);
}

std::uint32_t NodeLp::release(NodeId dst, std::uint32_t flits, std::uint32_t group,
                              NodeState& state, pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(flits >= 1 && dst < topology_->num_nodes(),
             "workload message from node " + std::to_string(node_) + " to node " +
                 std::to_string(dst) + " of " + std::to_string(flits) + " flits");
  const std::uint32_t size = params_.packet_size;
  const std::uint64_t packets = (std::uint64_t{flits} + size - 1) / size;
  PDES_CHECK(packets <= 0xFFFF, "a message of more than 65535 packets");
  SourceMessage m;
  m.dst = static_cast<std::uint32_t>(dst);
  m.message = state.next_message++;
  m.created = ctx.now().ticks();
  m.first_seq = state.next_seq;
  m.flits = flits;
  m.packets = static_cast<std::uint16_t>(packets);
  state.next_seq += m.packets;
  for (std::uint32_t i = 0; i < m.packets; ++i) {
    const std::uint32_t packet_flits = std::min(size, flits - i * size);
    ctx.emit(PacketGenerated{static_cast<std::uint32_t>(node_), m.dst, m.first_seq + i,
                             packet_flits, m.created, group, m.message});
  }
  state.queue.push_back(m);
  return m.message;
}

void NodeLp::generate(const NetEvent& event, NodeState& state,
                      pdes::Context<NetEvent>& ctx) const {
  if (event.generate.scripted != 0) {
    release(event.generate.dst, params_.packet_size, 0, state, ctx);
    return;
  }
  if (state.workload_wake != ctx.now().ticks()) return;  // replaced by a later wake_at
  state.workload_wake = NodeState::kNoWake;
  Source source(*this, state, ctx);
  workload_->on_wake(node_, state.workload, source);
}

void NodeLp::deliver_to_workload(const Flit& tail, NodeState& state,
                                 pdes::Context<NetEvent>& ctx) const {
  DeliveredMessage m;
  m.src = tail.src;
  m.message = tail.message;
  m.flits = tail.size;
  m.created = tail.created;
  m.delivered = ctx.now().ticks();
  if (tail.message_packets > 1) {
    auto it = std::find_if(state.arriving.begin(), state.arriving.end(), [&](const auto& a) {
      return a.src == tail.src && a.message == tail.message;
    });
    if (it == state.arriving.end()) {
      state.arriving.push_back(ArrivingMessage{tail.src, tail.message, 0, 0});
      it = state.arriving.end() - 1;
    }
    ++it->packets;
    it->flits += tail.size;
    if (it->packets < tail.message_packets) return;
    m.flits = it->flits;
    state.arriving.erase(it);
  }
  // Its note, if it has one: sent one tick after the release, it is here before the data.
  const auto note = std::find_if(state.notes.begin(), state.notes.end(), [&](const NoteOrder& n) {
    return n.src == tail.src && n.message == tail.message;
  });
  if (note != state.notes.end()) {
    m.has_note = true;
    m.note = note->note;
    state.notes.erase(note);
  }
  Source source(*this, state, ctx);
  workload_->on_delivered(node_, m, state.workload, source);
}

void NodeLp::receive(const Flit& flit, NodeState& state, pdes::Context<NetEvent>& ctx) const {
  // Not for the sink: a packet stopping here on its way to another node, or an ACK.
  if (flit.dst != node_ || flit.is_ack()) {
    PDES_CHECK(agent_ != nullptr, "node " + std::to_string(node_) + " received a flit for node " +
                                      std::to_string(flit.dst) +
                                      " or an ACK, and its routing has no node agent");
    Agent agent(*this, state, ctx);
    agent_->on_flit(flit, agent, state.agent);
    return;
  }
  if (!flit.is_tail()) return;
  PacketDelivered rec;
  rec.src = flit.src;
  rec.dst = flit.dst;
  rec.seq = flit.seq;
  rec.size = flit.size;
  rec.hops = flit.hops;
  rec.created = flit.created;
  rec.injected = flit.injected;
  rec.delivered = ctx.now().ticks();
  rec.blocked_cycles = flit.blocked_cycles;
  const RouteLabel label = routing_->label(flit);
  rec.path = label.path;
  rec.width = label.alternatives;
  rec.min_hops = static_cast<std::uint8_t>(std::min<std::uint32_t>(
      topology_->distance(topology_->router_of_node(flit.src), topology_->router_of_node(node_)) +
          1,
      0xFF));
  rec.measured = flit.created >= warmup_ticks() ? 1 : 0;
  rec.message = flit.message;
  rec.message_packets = flit.message_packets;
  ctx.emit(rec);
  if (agent_ != nullptr) {
    Agent agent(*this, state, ctx);
    agent_->on_delivered(flit, agent, state.agent);
  }
  if (observes_deliveries_) deliver_to_workload(flit, state, ctx);
}

std::int64_t NodeLp::warmup_ticks() const {
  return static_cast<std::int64_t>(std::min<std::uint64_t>(params_.warmup_cycles, 1ull << 40)) *
         params_.router.cycle_ps;
}

int NodeLp::choose_vc(const NodeState& state, std::uint32_t need) const {
  const std::uint32_t vcs = params_.router.vcs;
  for (std::uint32_t k = 1; k <= vcs; ++k) {
    const std::uint32_t v = (state.current_vc + k) % vcs;
    if (state.credits[v] >= need) return static_cast<int>(v);
  }
  return -1;
}

void NodeLp::send_to_router(const Flit& flit, NodeState& state,
                            pdes::Context<NetEvent>& ctx) const {
  NetEvent ev;
  ev.kind = NetEventKind::kFlit;
  ev.port = router_port_;
  ev.vc = state.current_vc;
  ev.flit = flit;
  ctx.send(router_lp_,
           pdes::SimTime{static_cast<std::int64_t>(params_.router.link_latency) *
                         params_.router.cycle_ps},
           ev);
  --state.credits[state.current_vc];
}

int NodeLp::packet_vc(const NodeState& state, std::uint32_t size) const {
  return choose_vc(state, params_.router.switching == SwitchingMode::kWormhole ? 1 : size);
}

int NodeLp::emptiest_vc(const NodeState& state) const {
  int vc = -1;
  for (std::uint32_t k = 1; k <= params_.router.vcs; ++k) {
    const std::uint32_t v = (state.current_vc + k) % params_.router.vcs;
    if (state.credits[v] > 0 && (vc < 0 || state.credits[v] > state.credits[vc])) {
      vc = static_cast<int>(v);
    }
  }
  return vc;
}

bool NodeLp::start_packet(NodeState& state, pdes::Context<NetEvent>& ctx) const {
  // The message whose next packet goes.
  const std::size_t at = scheduler_->pick(state.queue.view(), params_.packet_size);
  PDES_CHECK(at < state.queue.size(), "the source scheduler picked no queued message");
  const std::uint32_t size = state.queue[at].next_packet_flits(params_.packet_size);
  const int vc = packet_vc(state, size);
  if (vc < 0) return false;  // a credit event resumes injection
  state.current_vc = static_cast<std::uint16_t>(vc);
  SourceMessage message = state.queue[at];
  Flit head;
  head.src = static_cast<std::uint32_t>(node_);
  head.dst = message.dst;
  head.seq = message.first_seq + message.packets_sent;
  head.message = message.message;
  head.message_packets = message.packets;
  head.size = static_cast<std::uint16_t>(size);
  head.created = message.created;
  head.injected = ctx.now().ticks();
  if (agent_ != nullptr) {
    agent_->prepare(node_, head, state.agent, ctx.rng());
  } else {
    routing_->prepare(head, ctx.rng());
  }
  state.current = head;
  if (++message.packets_sent == message.packets) {
    state.queue.erase(at);  // the front is popped in O(1)
  } else {
    state.queue.set(at, message);
  }
  return true;
}

bool NodeLp::send_packet_flit(NodeState& state, pdes::Context<NetEvent>& ctx) const {
  if (state.flits_sent == 0) {
    if (!start_packet(state, ctx)) return false;
  } else if (state.credits[state.current_vc] == 0) {
    return false;
  }
  send_current_flit(state, ctx);
  return true;
}

void NodeLp::send_current_flit(NodeState& state, pdes::Context<NetEvent>& ctx) const {
  // Only the head is routed; body flits follow the path it reserves (and carry its header,
  // so that the tail brings the path choice to the sink).
  Flit flit = state.current;
  flit.index = state.flits_sent;
  send_to_router(flit, state, ctx);
  if (++state.flits_sent == state.current.size) state.flits_sent = 0;
}

void NodeLp::try_inject(NodeState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  const auto has_work = [&] {
    return state.flits_sent > 0 || state.queued() > 0 || agent_outgoing(state);
  };
  if (!has_work()) return;
  if (state.inject_free_at <= now) {
    // The agent's packets go first, at a packet boundary (they never split another packet).
    bool sent = false;
    if (state.flits_sent == 0 && agent_outgoing(state)) {
      Agent agent(*this, state, ctx);
      sent = agent_->inject(agent, state.agent);
    } else {
      sent = send_packet_flit(state, ctx);
    }
    if (!sent) return;
    state.inject_free_at = now + params_.router.cycle_ps;
    if (!has_work()) return;
  }
  if (state.pending_inject == state.inject_free_at) return;
  NetEvent wake;
  wake.kind = NetEventKind::kInject;
  ctx.send(ctx.self(), pdes::SimTime{state.inject_free_at - now}, wake);
  state.pending_inject = state.inject_free_at;
}

}  // namespace net
