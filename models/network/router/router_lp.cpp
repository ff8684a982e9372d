// SPDX-License-Identifier: Apache-2.0
// RouterLp: construction, the event dispatch, prefetching and the end of the run. The rest of
// the class lives beside this file, one concern each: router_lp_control.cpp (control
// messages), router_lp_filing.cpp (arrivals), router_lp_routing.cpp (routing a head),
// router_lp_allocation.cpp (the allocation pass), router_lp_grants.cpp (what a grant sends).
#include "models/network/router/router_lp.hpp"

#include <algorithm>
#include <string>

#include "models/network/metrics/router_records.hpp"
#include "models/network/router/allocators/greedy_output_first.hpp"
#include "models/network/router/router_lp_monitors.hpp"

namespace net {

RouterLp::RouterLp(RouterId router, const RouterParams& params, std::uint32_t packet_size,
                   LpLayout layout, std::shared_ptr<const Topology> topology,
                   std::shared_ptr<const RoutingAlgorithm> routing,
                   std::shared_ptr<const SelectionFunction> selection,
                   std::shared_ptr<const SwitchAllocator> allocator)
    : params_(params),
      ports_(topology->num_ports(router)),
      vcs_(params.vcs),
      router_(router),
      topology_raw_(topology.get()),
      routing_raw_(routing.get()),
      selection_raw_(selection.get()),
      monitors_{routing->router_monitor(), selection->router_monitor()},
      classes_(routing->vc_classes()),
      default_allocator_(dynamic_cast<const GreedyOutputFirstAllocator*>(allocator.get()) !=
                         nullptr),
      merge_credits_(params.merge_flit_credit && !any_monitor()),
      topology_(std::move(topology)),
      routing_(std::move(routing)),
      selection_(std::move(selection)),
      allocator_(std::move(allocator)),
      packet_size_(packet_size) {
  PDES_CHECK(allocator_ != nullptr, "router " + std::to_string(router_) + " without an allocator");
  for (std::uint32_t c = 0; c < classes_; ++c) {
    if (!routing_->atomic_vc_class(c)) continue;
    PDES_CHECK(c < 64, "atomic VC allocation supports classes 0..63");
    atomic_classes_ |= std::uint64_t{1} << c;
  }
  PortLink* const links = ports_ <= kInlineLinks ? inline_links_.data()
                                                 : (heap_links_.resize(ports_), heap_links_.data());
  links_ = links;
  for (PortId p = 0; p < ports_; ++p) {
    PortLink& link = links[p];
    if (auto nb = topology_->neighbour(router_, p)) {
      const std::uint32_t latency = topology_->link_latency(router_, p).value_or(params.link_latency);
      PDES_CHECK(latency >= 1 && latency <= 0xFFFF,
                 "link latency out of range on router " + std::to_string(router_));
      link = {layout.router_lp(nb->router), nb->port, false, true,
              static_cast<std::uint16_t>(latency)};
    } else if (auto node = topology_->node_at(router_, p)) {
      link = {layout.node_lp(*node), 0, true, true, static_cast<std::uint16_t>(params.link_latency)};
    }
    // A port's link leads both ways to one LP: the flit leaving on port p and the credit of
    // the flit that came in on p go to the same router. The flit of a merged event is filed 0
    // or 1 cycle early: any earlier and it could pass a flit sent on the same VC one pass
    // before, alone (router_lp.hpp); so only links of a fitting latency merge.
    const std::uint32_t flight = params.st_delay + link.latency;
    if (merge_credits_ && p < 64 && link.connected && !link.terminal &&
        flight >= params.credit_delay && flight <= params.credit_delay + 1) {
      mergeable_ports_ |= std::uint64_t{1} << p;
    }
  }
}

void RouterLp::on_init(RouterState& state, pdes::Context<NetEvent>& ctx) const {
  const std::size_t pv = static_cast<std::size_t>(ports_) * vcs_;
  VcState empty;
  empty.credits = static_cast<std::uint16_t>(params_.buffer_depth);
  state.size_arrays(pv, ports_, empty);  // vcs, ports and totals (zero)
  // The slot pool starts empty and grows as input VCs fill (router_state.hpp, "Slot pool").
  state.depth = static_cast<std::uint16_t>(params_.buffer_depth);
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
      // Links are symmetric in latency: the flit came over this router's port event.port.
      const std::int64_t early = static_cast<std::int64_t>(params_.st_delay) +
                                 links_[event.port].latency - params_.credit_delay;  // 0 or 1
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

void RouterLp::prefetch(const NetEvent& event, const RouterState& state,
                        pdes::PrefetchStage stage) const {
  if (stage == pdes::PrefetchStage::kEarly) {
    // All of it, whatever the event: a branch on the kind here mispredicts more than the few
    // lines it would spare cost (cachegrind, session 9).
    // vcs and ports, the start of the state's block (router_state.hpp, "One block").
    pdes::prefetch(state.vcs.data(), state.vcs.size() * sizeof(VcState) +
                                         state.ports.size() * sizeof(PortState));
    return;
  }
  if (state.vcs.empty()) return;
  const std::size_t pv = state.vcs.size();
  if (event.kind == NetEventKind::kFlit || event.kind == NetEventKind::kFlitCredit) {
    const std::size_t ivc = std::size_t{event.port} * vcs_ + event.vc;
    if (ivc >= pv) return;
    const VcState& in = state.vcs[ivc];
    if (in.count > 0) {
      __builtin_prefetch(&state.slots[state.slot_of(in.segment, ring_add(in.front, in.count))]);
    } else if (state.free_segment != VcState::kNoSegment) {
      __builtin_prefetch(&state.slots[state.slot_of(state.free_segment, 0)]);
    }
  } else if (event.kind == NetEventKind::kWake) {
    // A pass reads where each port leads and counts what it grants.
    pdes::prefetch(links_, std::size_t{ports_} * sizeof(PortLink));
    pdes::prefetch(state.totals.data(), state.totals.size() * sizeof(PortTotals));
    for (std::size_t ivc = 0; ivc < pv; ++ivc) {
      const VcState& in = state.vcs[ivc];
      if (in.count == 0) continue;
      __builtin_prefetch(&state.slots[state.slot_of(in.segment, in.front)]);
      // The flit behind becomes the front if this one leaves, and allocate() reads it then.
      if (in.count > 1) {
        __builtin_prefetch(&state.slots[state.slot_of(in.segment, ring_add(in.front, 1))]);
      }
    }
  }
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
    totals.flits_measured = port.flits_measured;
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
