// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/router_lp.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <string>

#include "models/network/metrics/router_records.hpp"
#include "models/network/routing/route_candidates.hpp"

namespace net {

// RouterControl for the monitor of `owner`, while one event is handled: every send goes through
// the LP's Context (undone on rollback), the link occupancy through the router's state.
class RouterLp::Control final : public RouterControl {
 public:
  Control(const RouterLp& lp, RouterState& state, pdes::Context<NetEvent>& ctx,
          ControlOwner owner)
      : lp_(lp), state_(state), ctx_(ctx), owner_(owner) {}

  std::int64_t now() const override { return ctx_.now().ticks(); }
  std::int64_t cycle() const override { return lp_.params_.cycle_ps; }

  std::int64_t send_over_link(PortId port, ControlMessage message,
                              std::uint32_t occupy_cycles) override {
    PDES_CHECK(port < lp_.ports_ && lp_.links_[port].connected && !lp_.links_[port].terminal,
               "control message over port " + std::to_string(port) + " of router " +
                   std::to_string(lp_.router_) + ", which does not lead to a router");
    stamp(message);
    return lp_.send_control_over(port, message, occupy_cycles, state_, ctx_);
  }

  void send_to_node(NodeId node, ControlMessage message, std::uint32_t occupy_cycles) override {
    PDES_CHECK(node < lp_.topology_->num_nodes() && occupy_cycles <= 0xFFFF,
               "control message to node " + std::to_string(node) + " holding links " +
                   std::to_string(occupy_cycles) + " cycles");
    stamp(message);
    message.relay_to = static_cast<std::uint32_t>(node);
    message.relay_occupy = static_cast<std::uint16_t>(occupy_cycles);
    message.hops = 0;
    lp_.relay_control(message, state_, ctx_);
  }

  void send_ideal(pdes::LpId target, ControlMessage message, std::int64_t delay) override {
    stamp(message);
    NetEvent ev;
    ev.kind = NetEventKind::kControl;
    ev.port = 0xFF;  // no link
    ev.control = message;
    ctx_.send(target, pdes::SimTime{delay}, ev);
  }

  void set_timer(std::int64_t delay, std::uint8_t topic) override {
    ControlMessage message;
    message.topic = topic;
    stamp(message);
    message.timer = 1;
    NetEvent ev;
    ev.kind = NetEventKind::kControl;
    ev.control = message;
    ctx_.send(ctx_.self(), pdes::SimTime{delay}, ev);
  }

 private:
  void stamp(ControlMessage& m) const {
    m.origin = static_cast<std::uint32_t>(lp_.router_);
    m.origin_is_router = 1;
    m.owner = owner_;
    m.timer = 0;
    m.sent = now();
  }

  const RouterLp& lp_;
  RouterState& state_;
  pdes::Context<NetEvent>& ctx_;
  ControlOwner owner_;
};

template <class F>
void RouterLp::for_each_monitor(RouterState& state, pdes::Context<NetEvent>& ctx, F&& f) const {
  if (monitors_[0] != nullptr) {
    Control control(*this, state, ctx, ControlOwner::kRouting);
    AlgorithmState none;
    f(*monitors_[0], state.agents.routing(none), control);
  }
  if (monitors_[1] != nullptr) {
    Control control(*this, state, ctx, ControlOwner::kSelection);
    AlgorithmState none;
    f(*monitors_[1], state.agents.selection(none), control);
  }
}

std::int64_t RouterLp::send_control_over(PortId port, const ControlMessage& message,
                                         std::uint32_t occupy_cycles, RouterState& state,
                                         pdes::Context<NetEvent>& ctx) const {
  // The link is taken at an allocation phase, as by a flit, so that the data it holds back
  // resumes at a pass and the message lands on a cycle boundary.
  const std::int64_t now = ctx.now().ticks();
  const std::int64_t cycle = params_.cycle_ps;
  const std::int64_t next_pass = (now - kPhase + cycle - 1) / cycle * cycle + kPhase;
  const std::int64_t start = std::max(next_pass, state.ports[port].output_free_at);
  state.ports[port].output_free_at = start + occupy_cycles * cycle;
  const std::int64_t arrival =
      start + static_cast<std::int64_t>(occupy_cycles + params_.link_latency) * cycle - kPhase;
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.port = static_cast<std::uint8_t>(links_[port].remote_port);
  ev.control = message;
  ctx.send(links_[port].lp, pdes::SimTime{arrival - now}, ev);
  return arrival;
}

void RouterLp::relay_control(ControlMessage message, RouterState& state,
                             pdes::Context<NetEvent>& ctx) const {
  const NodeId node = message.relay_to;
  const RouterId target = topology_->router_of_node(node);
  const PortId port = target == router_ ? topology_->terminal_port_of_node(node)
                                        : topology_->first_minimal_port(router_, target);
  PDES_CHECK(port < ports_ && links_[port].connected,
             "no port of router " + std::to_string(router_) + " toward node " +
                 std::to_string(node));
  ++message.hops;
  send_control_over(port, message, message.relay_occupy, state, ctx);
}

void RouterLp::on_control(const NetEvent& event, RouterState& state,
                          pdes::Context<NetEvent>& ctx) const {
  const ControlMessage& m = event.control;
  if (m.relay_to != ControlMessage::kNoRelay) {  // passing through, on its way to a node
    relay_control(m, state, ctx);
    return;
  }
  const std::size_t owner = m.owner == ControlOwner::kRouting ? 0 : 1;
  const RouterMonitor* monitor = monitors_[owner];
  PDES_CHECK(monitor != nullptr, "router " + std::to_string(router_) +
                                     " received a control message for a monitor it lacks");
  AlgorithmState none;
  AlgorithmState& own = owner == 0 ? state.agents.routing(none) : state.agents.selection(none);
  Control control(*this, state, ctx, m.owner);
  if (m.timer != 0) {
    monitor->on_timer(view(state, ctx.now().ticks()), m.topic, control, own);
  } else {
    const PortId in_port = event.port == 0xFF ? kNoPort : PortId{event.port};
    monitor->on_control(view(state, ctx.now().ticks()), in_port, m, control, own);
  }
}

RouterLp::RouterLp(RouterId router, const RouterParams& params, std::uint32_t packet_size,
                   LpLayout layout, std::shared_ptr<const Topology> topology,
                   std::shared_ptr<const RoutingAlgorithm> routing,
                   std::shared_ptr<const SelectionFunction> selection)
    : router_(router),
      params_(params),
      packet_size_(packet_size),
      ports_(topology->num_ports(router)),
      vcs_(params.vcs),
      topology_(std::move(topology)),
      routing_(std::move(routing)),
      selection_(std::move(selection)),
      monitors_{routing_->router_monitor(), selection_->router_monitor()},
      classes_(routing_->vc_classes()),
      // The flit of a merged event is filed 0 or 1 cycle early: any earlier and it could pass
      // a flit sent on the same VC one pass before, alone (router_lp.hpp).
      merge_credits_(params.merge_flit_credit && !any_monitor() &&
                     params.st_delay + params.link_latency >= params.credit_delay &&
                     params.st_delay + params.link_latency <= params.credit_delay + 1) {
  for (std::uint32_t c = 0; c < classes_; ++c) {
    if (!routing_->atomic_vc_class(c)) continue;
    PDES_CHECK(c < 64, "atomic VC allocation supports classes 0..63");
    atomic_classes_ |= std::uint64_t{1} << c;
  }
  links_.resize(ports_);
  for (PortId p = 0; p < ports_; ++p) {
    PortLink& link = links_[p];
    if (auto nb = topology_->neighbour(router_, p)) {
      link = {layout.router_lp(nb->router), nb->port, false, true};
    } else if (auto node = topology_->node_at(router_, p)) {
      link = {layout.node_lp(*node), 0, true, true};
    }
    // A port's link leads both ways to one LP: the flit leaving on port p and the credit of
    // the flit that came in on p go to the same router.
    if (merge_credits_ && p < 64 && link.connected && !link.terminal) {
      mergeable_ports_ |= std::uint64_t{1} << p;
    }
  }
}

void RouterLp::on_init(RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::size_t pv = static_cast<std::size_t>(ports_) * vcs_;
  VcState empty;
  empty.credits = static_cast<std::uint16_t>(params_.buffer_depth);
  state.vcs.assign(pv, empty);
  state.ports.assign(ports_, PortState{});
  state.slots.assign(pv * params_.buffer_depth, BufferedFlit{});
  state.totals.assign(ports_, PortTotals{});
  state.agents.set(monitors_[0] != nullptr ? monitors_[0]->initial_state(router_) : AlgorithmState{},
                   selection_->initial_state(router_));
  if (any_monitor()) {
    for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                     RouterControl& control) { m.on_start(router_, control, own); });
  }
}

void RouterLp::on_event(const NetEvent& event, RouterState& state,
                        pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  // Tests in order of frequency rather than a switch: a jump table over the kinds, which
  // alternate unpredictably, mispredicted on most events (cachegrind, session 9).
  const NetEventKind kind = event.kind;
  if (kind == NetEventKind::kFlit || kind == NetEventKind::kFlitCredit) {
    std::int64_t arrival = now;
    if (kind == NetEventKind::kFlitCredit) {
      take_credit(event.credit_port, event.credit_vc, state, ctx);
      const std::int64_t early =
          params_.st_delay + params_.link_latency - params_.credit_delay;  // cycles, 0 or 1
      arrival += early * params_.cycle_ps;
    }
    on_flit(event, arrival, state, ctx);
  } else if (kind == NetEventKind::kCredit) {
    take_credit(event.port, event.vc, state, ctx);
  } else if (kind == NetEventKind::kWake) {
    if (state.pending_wake == now) state.pending_wake = RouterState::kNoWake;
    // Two wakes may land on one pass time; the second pass would see nothing new.
    if (state.last_pass == now) return;
    state.last_pass = now;
    allocate(state, ctx);
  } else if (kind == NetEventKind::kControl) {
    on_control(event, state, ctx);
  } else {
    PDES_CHECK(false, "router received a node event");
  }
}

namespace {
template <class T>
void prefetch_all(const std::vector<T>& v) {  // every cache line of v's elements
  pdes::prefetch(v.data(), v.size() * sizeof(T));
}
}  // namespace

void RouterLp::prefetch(const NetEvent& event, const RouterState& state,
                        pdes::PrefetchStage stage) const {
  if (stage == pdes::PrefetchStage::kEarly) {
    // All of it, whatever the event: a branch on the kind here mispredicts more than the few
    // lines it would spare cost (cachegrind, session 9).
    prefetch_all(state.vcs);
    prefetch_all(state.ports);
    return;
  }
  if (state.vcs.empty()) return;
  const std::size_t pv = state.vcs.size();
  const std::size_t depth = params_.buffer_depth;
  if (event.kind == NetEventKind::kFlit || event.kind == NetEventKind::kFlitCredit) {
    const std::size_t ivc = std::size_t{event.port} * vcs_ + event.vc;
    if (ivc >= pv) return;
    const VcState& in = state.vcs[ivc];
    __builtin_prefetch(&state.slots[slot_index(static_cast<std::uint32_t>(ivc),
                                               ring_add(in.front, in.count))]);
  } else if (event.kind == NetEventKind::kWake) {
    // A pass reads where each port leads and counts what it grants.
    prefetch_all(links_);
    prefetch_all(state.totals);
    for (std::size_t ivc = 0; ivc < pv; ++ivc) {
      const VcState& in = state.vcs[ivc];
      if (in.count == 0) continue;
      __builtin_prefetch(&state.slots[ivc * depth + in.front]);
      // The flit behind becomes the front if this one leaves, and allocate() reads it then.
      if (in.count > 1) __builtin_prefetch(&state.slots[ivc * depth + ring_add(in.front, 1)]);
    }
  }
}

void RouterLp::take_credit(std::uint32_t port, std::uint32_t vc, RouterState& state,
                           pdes::Context<NetEvent>& ctx) const {
  VcState& out = state.vcs[port * vcs_ + vc];
  PDES_CHECK(out.credits < params_.buffer_depth, "credit overflow at router " +
                                                     std::to_string(router_) + " port " +
                                                     std::to_string(port));
  ++out.credits;
  // Only a flit that found no credit or no free VC waits for this.
  if (state.waiting_for_resources != 0) schedule_wake(state, ctx, ctx.now().ticks() + kPhase);
}

void RouterLp::on_flit(const NetEvent& event, std::int64_t arrival, RouterState& state,
                       pdes::Context<NetEvent>& ctx) const {
  const std::uint32_t ivc = event.port * vcs_ + event.vc;
  VcState& in = state.vcs[ivc];
  PDES_CHECK(in.count < params_.buffer_depth,
             "input buffer overflow at router " + std::to_string(router_) + " port " +
                 std::to_string(event.port) + " vc " + std::to_string(event.vc) +
                 " (credit protocol violated)");
  const Flit& f = event.flit;
  const bool saf = params_.switching == SwitchingMode::kStoreAndForward;
  std::int64_t ready = arrival + (f.is_head() ? params_.head_delay() : params_.sw_alloc_delay) *
                                 params_.cycle_ps;
  // Store-and-forward: the head becomes eligible only once its tail is in the buffer.
  if (saf && f.is_head() && !f.is_tail()) ready = RouterState::kNoWake;
  state.slots[slot_index(ivc, ring_add(in.front, in.count))] = {f, ready};
  ++in.count;
  ++state.buffered;
  if (in.count == 1) {
    // A new front: a pass is due when it becomes eligible. Flits behind a front are looked at
    // when the front leaves (allocate schedules that).
    if (ready != RouterState::kNoWake) schedule_wake(state, ctx, ready + kPhase);
  } else if (saf && f.is_tail()) {
    PDES_CHECK(in.count >= f.size, "store-and-forward: packet larger than the buffer");
    const std::uint32_t head_pos = in.count - f.size;
    BufferedFlit& head =
        state.slots[slot_index(ivc, ring_add(in.front, head_pos))];
    PDES_CHECK(head.flit.is_head() && head.flit.seq == f.seq && head.flit.src == f.src,
               "store-and-forward: head not found behind its tail");
    head.ready = arrival + static_cast<std::int64_t>(params_.head_delay()) * params_.cycle_ps;
    if (head_pos == 0) schedule_wake(state, ctx, head.ready + kPhase);
  }
}

int RouterLp::free_output_vc(const RouterState& state, PortId out, std::uint32_t vc_class,
                             std::uint16_t packet_size) const {
  const std::uint32_t need =
      (atomic_classes_ >> vc_class & 1) != 0          ? params_.buffer_depth
      : params_.switching == SwitchingMode::kWormhole ? 1u
                                                       : static_cast<std::uint32_t>(packet_size);
  for (std::uint32_t v = class_first(vc_class); v < class_first(vc_class + 1); ++v) {
    const VcState& o = state.vcs[out * vcs_ + v];
    if (o.busy == 0 && o.credits >= need) return static_cast<int>(v);
  }
  return -1;
}

bool RouterLp::route_head(std::uint32_t ivc, RouterState& state, pdes::Context<NetEvent>& ctx,
                          Request& r) const {
  const VcState& in = state.vcs[ivc];
  Flit& head = state.slots[slot_index(ivc, in.front)].flit;
  PDES_CHECK(head.is_head(), "body flit at the front of an unrouted input VC");
  const PortId in_port = r.in_port;
  RouteCandidates candidates;
  routing_->route({router_, in_port, vc_class(ivc - in_port * vcs_), links_[in_port].terminal},
                  head, candidates);
  PDES_CHECK(!candidates.empty(), "routing offered no output");
  // The admissible outputs: the candidates of the lowest level with a free VC, each with the
  // first free VC of its class.
  std::array<SelectionOption, RouteCandidates::kCapacity> options;
  std::size_t admissible = 0;
  int level = -1;
  for (const RouteCandidate& c : candidates) {
    if (level >= 0 && c.level > level) break;  // levels are listed in order
    if (links_[c.port].terminal) {  // ejection needs no VC: the sink always accepts
      r.out = c.port;
      r.out_vc = 0;
      return true;
    }
    PDES_CHECK(c.vc_class < classes_, "routing asked for VC class " +
                                          std::to_string(c.vc_class) + " of " +
                                          std::to_string(classes_));
    const int v = free_output_vc(state, c.port, c.vc_class, head.size);
    if (v < 0) continue;
    level = c.level;
    options[admissible++] = {c.port, static_cast<std::uint16_t>(v),
                             state.vcs[c.port * vcs_ + v].credits};
  }
  if (admissible == 0) {
    if (any_monitor()) {
      for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                       RouterControl& control) {
        m.on_head_blocked(view(state, ctx.now().ticks()), in_port, head, control, own);
      });
    }
    return false;
  }
  std::size_t chosen = 0;
  if (admissible > 1) {
    const RouterView router = view(state, ctx.now().ticks());
    AlgorithmState none;  // a selection that keeps no state gets an empty one
    chosen = selection_->select({router, in_port, links_[in_port].terminal, head},
                                std::span<const SelectionOption>(options.data(), admissible),
                                state.agents.selection(none), ctx.rng());
    PDES_CHECK(chosen < admissible, "selection function chose no admissible output");
  }
  r.out = options[chosen].port;
  r.out_vc = options[chosen].vc;
  return true;
}

void RouterLp::allocate(RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  const std::uint32_t pv = ports_ * vcs_;
  std::int64_t wake = RouterState::kNoWake;
  bool blocked_on_resources = false;

  // Requests: the eligible front flit of each input VC that could move if it won its output.
  // Scratch space on the stack for the usual radix; the heap only for very large routers.
  std::array<Request, kInlineRequests> inline_requests;
  std::vector<Request> heap_requests;
  if (pv > kInlineRequests) heap_requests.resize(pv);
  Request* const request_buffer =
      pv > kInlineRequests ? heap_requests.data() : inline_requests.data();
  std::span<Request> requests(request_buffer, 0);
  const bool age = params_.arbitration == Arbitration::kAge;
  std::uint64_t requested_outputs = 0;  // bit p: some request wants output p (ports 0..63)
  // The request of input VC ivc (on input port in_port), if its front flit could move.
  const auto consider = [&](std::uint32_t ivc, PortId in_port) {
    const VcState& in = state.vcs[ivc];
    const BufferedFlit& bf = state.slots[slot_index(ivc, in.front)];
    if (bf.ready > now) {
      if (bf.ready != RouterState::kNoWake) wake = std::min(wake, bf.ready + kPhase);
      return;
    }
    if (state.ports[in_port].input_free_at > now) {
      wake = std::min(wake, state.ports[in_port].input_free_at);
      return;
    }
    Request r{ivc, 0, 0, static_cast<std::uint16_t>(in_port),
              bf.flit.is_ack() ? kAckAge : (age ? bf.flit.created : 0)};
    if (in.routed == 0) {
      if (!route_head(ivc, state, ctx, r)) {
        blocked_on_resources = true;
        return;
      }
    } else {
      r.out = in.out_port;
      r.out_vc = in.out_vc;
      if (!links_[r.out].terminal && state.vcs[r.out * vcs_ + r.out_vc].credits == 0) {
        blocked_on_resources = true;
        return;
      }
    }
    if (state.ports[r.out].output_free_at > now) {
      wake = std::min(wake, state.ports[r.out].output_free_at);
      return;
    }
    request_buffer[requests.size()] = r;
    requests = std::span<Request>(request_buffer, requests.size() + 1);
    if (r.out < 64) requested_outputs |= std::uint64_t{1} << r.out;
  };
  if (pv <= 64) {
    // Only the non-empty input VCs, found without a branch per VC: whether a VC is empty
    // changes from pass to pass, and a test per VC mispredicted on most passes.
    std::uint64_t occupied = 0;
    for (std::uint32_t ivc = 0; ivc < pv; ++ivc) {
      occupied |= std::uint64_t{state.vcs[ivc].count != 0} << ivc;
    }
    for (; occupied != 0; occupied &= occupied - 1) {
      const auto ivc = static_cast<std::uint32_t>(std::countr_zero(occupied));
      consider(ivc, static_cast<PortId>(ivc / vcs_));
    }
  } else {
    // Input port of ivc, stepped rather than divided (ivc / vcs_).
    PortId in_port = 0;
    std::uint32_t next_port_ivc = vcs_;
    for (std::uint32_t ivc = 0; ivc < pv; ++ivc) {
      if (ivc == next_port_ivc) {
        ++in_port;
        next_port_ivc += vcs_;
      }
      if (state.vcs[ivc].count != 0) consider(ivc, in_port);
    }
  }

  // Output-side round-robin arbitration; an input port moves one flit per cycle. The winners
  // move to the front of `requests`, in the order granted (keys are unique per input VC, so
  // the order in which candidates are scanned decides nothing); they are sent afterwards, so
  // that a flit and a credit to the same router can leave together.
  std::size_t granted = 0;
  std::uint64_t inputs_used = 0;   // bit p: input port p has a winner (ports 0..63)
  std::uint64_t outputs_used = 0;  // bit p: output port p has a winner
  std::array<std::uint8_t, 64> by_input;  // the winner from input p, where inputs_used says
  const auto input_taken = [&](const Request& r) {
    if (r.in_port < 64) return (inputs_used >> r.in_port & 1) != 0;
    for (std::size_t i = 0; i < granted; ++i) {
      if (requests[i].in_port == r.in_port) return true;
    }
    return false;
  };
  // The first output to pick rotates too, so that an input VC whose input port keeps winning
  // another output first is not starved (input-port conflicts are resolved in this order).
  const auto arbitrate = [&](PortId out) {
    std::size_t best = requests.size();
    std::uint32_t best_key = 0;
    for (std::size_t i = granted; i < requests.size(); ++i) {
      const Request& r = requests[i];
      if (r.out != out || input_taken(r)) continue;
      // (ivc - last_grant - 1) mod pv: the round-robin distance from the last winner.
      std::uint32_t key = r.ivc + pv - state.ports[out].last_grant - 1;
      if (key >= pv) key -= pv;
      if (best == requests.size() || r.age < requests[best].age ||
          (r.age == requests[best].age && key < best_key)) {
        best = i;
        best_key = key;
      }
    }
    if (best == requests.size()) return;
    const Request& w = requests[best];
    if (w.in_port < 64) {
      inputs_used |= std::uint64_t{1} << w.in_port;
      by_input[w.in_port] = static_cast<std::uint8_t>(granted);
    }
    if (w.out < 64) outputs_used |= std::uint64_t{1} << w.out;
    std::swap(requests[granted++], requests[best]);
  };
  if (ports_ <= 64) {
    // Only the outputs someone requests, in the same rotated order: first_output, then up,
    // wrapping round.
    const unsigned first = state.first_output;
    const std::uint64_t below = (std::uint64_t{1} << first) - 1;  // first < ports_ <= 64
    for (std::uint64_t outs : {requested_outputs & ~below, requested_outputs & below}) {
      for (; outs != 0 && granted < requests.size(); outs &= outs - 1) {
        arbitrate(static_cast<PortId>(std::countr_zero(outs)));
      }
    }
  } else {
    PortId out = state.first_output;
    for (PortId k = 0; k < ports_ && granted < requests.size();
         ++k, out = out + 1 == ports_ ? 0 : out + 1) {
      arbitrate(out);
    }
  }
  // Winner indices fit in a byte (one per output port); past 255 ports nothing merges.
  const std::uint64_t pairs = ports_ <= 0xFF ? inputs_used & outputs_used & mergeable_ports_ : 0;
  send_grants(requests.first(granted), pairs, by_input, wake, state, ctx);

  state.waiting_for_resources = blocked_on_resources ? 1 : 0;
  if (granted > 0) state.first_output = (state.first_output + 1) % ports_;
  // Losers retry next cycle; a grant may have released a VC that a blocked head waits for.
  const bool retry = granted < requests.size() || (granted > 0 && blocked_on_resources);
  if (retry) wake = std::min(wake, now + params_.cycle_ps);
  if (wake != RouterState::kNoWake) schedule_wake(state, ctx, wake);
}

void RouterLp::send_grants(std::span<const Request> winners, std::uint64_t pairs,
                           const std::array<std::uint8_t, 64>& by_input, std::int64_t& wake,
                           RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  for (const Request& r : winners) {
    const Request* rider =
        r.out < 64 && (pairs >> r.out & 1) != 0 ? &winners[by_input[r.out]] : nullptr;
    grant(r, rider, r.in_port < 64 && (pairs >> r.in_port & 1) != 0, state, ctx);
    // The flit behind the one that left is the input VC's new front.
    const VcState& vc = state.vcs[r.ivc];
    if (vc.count > 0) {
      const std::int64_t ready = state.slots[slot_index(r.ivc, vc.front)].ready;
      if (ready != RouterState::kNoWake) {
        wake = std::min(wake, std::max(ready + kPhase, now + params_.cycle_ps));
      }
    }
  }
}

void RouterLp::grant(const Request& r, const Request* rider, bool credit_rides,
                     RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::int64_t now = ctx.now().ticks();
  VcState& in = state.vcs[r.ivc];
  const PortId in_port = r.in_port;
  const std::uint16_t in_vc = static_cast<std::uint16_t>(r.ivc - in_port * vcs_);
  NetEvent ev;
  ev.kind = NetEventKind::kFlit;
  const BufferedFlit& leaving = state.slots[slot_index(r.ivc, in.front)];
  ev.flit = leaving.flit;
  PortTotals& out_totals = state.totals[r.out];
  ++out_totals.flits_out;
  if (ev.flit.is_head()) {
    // Passes run kPhase after the boundary at which the head became eligible.
    const std::int64_t wait = std::max<std::int64_t>(now - kPhase - leaving.ready, 0);
    ++out_totals.packets_out;
    out_totals.head_wait_ticks += static_cast<std::uint64_t>(wait);
    ev.flit.blocked_cycles += static_cast<std::uint32_t>(wait / params_.cycle_ps);
    in.head_blocked_cycles = ev.flit.blocked_cycles;
    if (any_monitor()) {
      for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                       RouterControl& control) {
        m.on_grant(view(state, now), in_port, r.out, ev.flit, wait, control, own);
      });
    }
  } else {
    ev.flit.blocked_cycles = in.head_blocked_cycles;
  }
  in.front = static_cast<std::uint16_t>(ring_add(in.front, 1));
  --in.count;
  // An empty ring starts again at slot 0: at low load each VC then reuses one cache line
  // instead of walking through buffer_depth of them.
  if (in.count == 0) in.front = 0;
  --state.buffered;
  ++ev.flit.hops;

  const PortLink& out_link = links_[r.out];
  VcState& out_vc = state.vcs[r.out * vcs_ + r.out_vc];
  if (ev.flit.is_head()) {
    in.routed = 1;
    in.out_port = static_cast<std::uint8_t>(r.out);
    in.out_vc = r.out_vc;
    if (!out_link.terminal) out_vc.busy = 1;
  }
  if (!out_link.terminal) --out_vc.credits;
  if (ev.flit.is_tail()) {
    in.routed = 0;
    if (!out_link.terminal) out_vc.busy = 0;
  }
  state.ports[in_port].input_free_at = now + params_.cycle_ps;
  // A monitor may have taken the link for a control message meanwhile (router_control.hpp).
  state.ports[r.out].output_free_at =
      std::max(state.ports[r.out].output_free_at, now + params_.cycle_ps);
  state.ports[r.out].last_grant = r.ivc;
  if (any_monitor()) {
    for_each_monitor(state, ctx, [&](const RouterMonitor& m, AlgorithmState& own,
                                     RouterControl& control) {
      m.on_departure(view(state, now), r.out, ev.flit, control, own);
    });
  }

  ev.port = static_cast<std::uint8_t>(out_link.remote_port);
  ev.vc = r.out_vc;
  // Granted at the allocation phase, the flit lands on a cycle boundary downstream; with the
  // credit of another grant to the same router it travels at the credit's time. Selects, not
  // branches: whether a flit carries a credit is a coin toss to the branch predictor.
  const bool merged = rider != nullptr;
  const Request& credited = merged ? *rider : r;
  ev.kind = merged ? NetEventKind::kFlitCredit : NetEventKind::kFlit;
  ev.credit_port = merged ? static_cast<std::uint8_t>(links_[credited.in_port].remote_port) : 0;
  ev.credit_vc =
      merged ? static_cast<std::uint16_t>(credited.ivc - credited.in_port * vcs_) : 0;
  ctx.send(out_link.lp,
           cycles(merged ? params_.credit_delay : params_.st_delay + params_.link_latency) -
               phase(),
           ev);
  if (credit_rides) return;

  const PortLink& in_link = links_[in_port];
  NetEvent credit;
  credit.kind = NetEventKind::kCredit;
  credit.port = static_cast<std::uint8_t>(in_link.remote_port);
  credit.vc = in_vc;
  ctx.send(in_link.lp, cycles(params_.credit_delay) - phase(), credit);
}

void RouterLp::on_finish(const RouterState& state, pdes::CommitContext& ctx) const {
  if (monitors_[0] != nullptr) monitors_[0]->on_finish(router_, state.agents.routing(), ctx);
  if (monitors_[1] != nullptr) monitors_[1]->on_finish(router_, state.agents.selection(), ctx);
  for (PortId p = 0; p < ports_; ++p) {
    if (!links_[p].connected) continue;
    const PortTotals& port = state.totals[p];
    RouterPortTotals totals;
    totals.router = static_cast<std::uint32_t>(router_);
    totals.port = p;
    totals.terminal = links_[p].terminal ? 1 : 0;
    totals.flits = port.flits_out;
    totals.packets = port.packets_out;
    totals.head_wait_ticks = port.head_wait_ticks;
    ctx.emit(totals);
  }
}

void RouterLp::schedule_wake(RouterState& state, pdes::Context<NetEvent>& ctx,
                             std::int64_t at) const {
  const std::int64_t now = ctx.now().ticks();
  // A wake already due no later than `at` will run the pass; never schedule two for one time.
  if (state.pending_wake > now && state.pending_wake <= at) return;
  NetEvent ev;
  ev.kind = NetEventKind::kWake;
  ctx.send(ctx.self(), pdes::SimTime{std::max<std::int64_t>(at - now, 1)}, ev);
  state.pending_wake = at;
}

}  // namespace net
