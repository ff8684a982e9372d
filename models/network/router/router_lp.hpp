// SPDX-License-Identifier: Apache-2.0
//
// RouterLp: an input-queued virtual-channel router with credit-based flow control, as one LP.
//
// Model (Dally & Towles 2004, ch. 16; BookSim2 iq_router.cpp): every input port has `vcs` VC
// buffers of `buffer_depth` flits. A head flit is routed (DimensionOrderRouting), allocated an
// output VC of its VC class (wormhole: free and one credit; VCT/SAF: free and credits for the
// whole packet) and then competes for the switch; body flits follow on the same output VC, one
// credit each; the tail releases the output VC. Each output port and each input port moves at
// most one flit per cycle; a switch allocator (router.allocator, allocators/) matches the
// requesting input VCs to the outputs, by default greedy_output_first: outputs in a rotating
// order, each granting round robin over the input VCs (docs/router.md, "Allocators"). Credits
// return upstream credit_delay cycles after a flit leaves an input buffer. Ejection ports (to a node) need no
// credits: the node's sink always accepts. With Arbitration::kAge the oldest packet wins an
// output, round robin breaking ties. ACK flits (source routings' feedback) win over data whatever the
// arbitration: "the ACK message has maximum priority in the network" (seed000 §3 phase 1); they
// still wait for a free output VC and credits like any packet.
//
// Event-driven, not cycle-driven: flits and credits land on cycle boundaries and only update
// the state; switch and VC allocation run in a kWake pass one tick after the boundary
// (kPhase), so every request of a cycle competes in one arbitration whatever the order of
// same-time events, and grants are sent with delays shortened by that tick so that arrivals stay
// on boundaries. A kWake is scheduled only for a time at which a waiting flit becomes eligible
// (a new front's pipeline delay elapses, or a port it lost to becomes free again). A flit blocked
// on credits or on a busy output VC schedules nothing: a credit arrival, or the grant that
// releases the VC, triggers the next pass. An idle router receives no events; the event count
// grows with delivered flits x hops (one arrival, at most one credit and at most one pass per
// flit per hop; 2.1-2.5 events per flit-hop in all, docs/router.md).
//
// Merged flit and credit: a pass often sends a flit to a neighbouring router and returns a
// credit to that same router (traffic both ways on a link); that happens for 40-60 % of the
// credits under uniform traffic. The credit lands credit_delay cycles after the pass, the flit
// st_delay + link_latency cycles after it, usually later. Both then travel in one kFlitCredit
// event at the credit's time, and the receiver files the flit at once with the timing of its
// real arrival (its `ready` counts from then). Filing it early is invisible to the model:
// passes look only at the front flit of each input VC and at its `ready`, the credit protocol
// has reserved the slot since the flit was sent, and the flits of one VC still enter in order
// (one upstream pass per cycle; a flit sent alone one pass earlier lands no later, and at the
// same time it goes first, being sent first by the same sender). Only a router monitor could
// see it (RouterView counts buffered flits), so routers with a monitor send the two apart, as
// do routers whose flit would be filed more than one cycle early or whose credit would arrive
// after the flit: merging needs credit_delay <= st_delay + link_latency <= credit_delay + 1
// (the default pipeline has 2 and 1).
// This removes one event per merged credit and changes nothing else: latencies, throughput and
// every record stay the same; the event digests differ (fewer events, some at other times).
//
// Timing: see router_params.hpp. A flit granted at time t arrives downstream at
// t + (st_delay + link_latency) cycles, where a topology may give each network link its own
// latency (Topology::link_latency, a dragonfly's local and global links); merging then applies
// per port, to the links whose latency fits.
//
// Routing: a RoutingAlgorithm (routing/routing_algorithm.hpp) lists candidates for each head in
// every pass until it gets an output VC; the router keeps the lowest priority level with a free
// VC and, when that leaves a choice, the SelectionFunction (selection/) picks the output
// (router.selection; by default the VC with the most credits). A routing may watch the router
// through a RouterMonitor (head blocked, grant, departure), keeping its own state per router.
//
// Contention: a head that leaves later than its pipeline allowed (it became eligible at `ready`)
// waited (now - ready) for an output VC, credits or the switch. The router adds that wait to the
// packet's header (Flit::blocked_cycles, for source routings' monitoring; the body flits carry the head's
// value on, so that the tail brings it to the sink) and to the output port's totals;
// on_finish emits the totals per output port (RouterPortTotals): the per-router, per-port
// contention latency map of the seed 004 thesis (§4.3) and the port utilisation.
//
// Limitations: no speculation, no separate VC allocator (VC allocation is folded into the switch
// match, docs/router.md), no output buffers, no
// internal speedup.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/router/allocators/switch_allocator.hpp"
#include "models/network/router/line_blocks.hpp"
#include "models/network/router/router_params.hpp"
#include "models/network/router/router_state.hpp"
#include "models/network/router/router_state_serialization.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/selection/selection_function.hpp"
#include "models/network/topology/topology.hpp"
#include "pdes/pdes.hpp"

namespace net {

class alignas(64) RouterLp final : public pdes::LogicalProcess<RouterState, NetEvent> {
 public:
  RouterLp(RouterId router, const RouterParams& params, std::uint32_t packet_size,
           LpLayout layout, std::shared_ptr<const Topology> topology,
           std::shared_ptr<const RoutingAlgorithm> routing,
           std::shared_ptr<const SelectionFunction> selection,
           std::shared_ptr<const SwitchAllocator> allocator);
  RouterLp(const RouterLp&) = delete;  // links_ may point into the object itself
  RouterLp& operator=(const RouterLp&) = delete;
  // The object comes from LineBlocks: line-aligned without a heap fragment (line_blocks.hpp).
  static void* operator new(std::size_t bytes, std::align_val_t) {
    return LineBlocks::allocate(bytes);
  }
  static void operator delete(void* p, std::size_t bytes, std::align_val_t) noexcept {
    LineBlocks::deallocate(p, bytes);
  }

  /// Sizes the state: empty buffers, full credits on every output VC. Sends nothing.
  void on_init(RouterState& state, pdes::Context<NetEvent>& ctx) const override;
  /// kFlit: buffer the flit; kCredit: one more credit; kWake: nothing; then an allocation pass.
  void on_event(const NetEvent& event, RouterState& state,
                pdes::Context<NetEvent>& ctx) const override;
  /// pdes::LogicalProcess's hint. Early: the per-VC and per-port arrays every event touches.
  /// Late: the buffer slots it will read or write (an arriving flit's slot; for a pass, the
  /// front of every non-empty input VC and the flit behind it), the port links and totals.
  void prefetch(const NetEvent& event, const RouterState& state, pdes::PrefetchStage stage) const;
  /// Emits one RouterPortTotals record per connected output port (the latency map).
  void on_finish(const RouterState& state, pdes::CommitContext& ctx) const override;

  /// Ticks after a cycle boundary at which allocation passes run: a flit or credit sent by a
  /// pass lands this much less than whole cycles later (NetworkModel's lookahead).
  static constexpr std::int64_t allocation_phase_ticks() { return kPhase; }

 private:
  /// Where a port leads: the LP at the other end and the port number there.
  struct PortLink {  // 16 bytes: a 5-port router's links fit in two cache lines
    pdes::LpId lp{};
    PortId remote_port = 0;
    bool terminal = false;
    bool connected = false;
    /// Cycles on the link: router.link_latency, or the topology's own (Topology::link_latency).
    std::uint16_t latency = 0;
  };
  static constexpr std::size_t kInlineRequests = 64;
  using Request = AllocationRequest;
  static constexpr std::int64_t kAckAge = std::numeric_limits<std::int64_t>::min();

  /// Passes run kPhase ticks after a cycle boundary, when every flit and credit of that cycle
  /// (they land on boundaries) is in; so all requests of a cycle meet in one arbitration,
  /// whatever the order of same-time events.
  static constexpr std::int64_t kPhase = 1;
  static constexpr pdes::SimTime phase() { return pdes::SimTime{kPhase}; }

  /// Files an arriving flit; `arrival` is when it reaches the input buffer (now, or later for
  /// the flit of a kFlitCredit).
  void on_flit(const NetEvent& event, std::int64_t arrival, RouterState& state,
               pdes::Context<NetEvent>& ctx) const;
  void allocate(RouterState& state, pdes::Context<NetEvent>& ctx) const;
  /// Moves the flit of `request` out and returns its credit upstream. `rider`: another grant of
  /// the pass whose credit goes to the router this flit goes to, in the same event (kFlitCredit);
  /// `credit_rides`: this grant's credit leaves with another grant's flit, send none here.
  void grant(const Request& request, const Request* rider, bool credit_rides, RouterState& state,
             pdes::Context<NetEvent>& ctx) const;
  /// Grants the winners of a pass, in order. Bit p of `pairs`: the flit leaving on port p
  /// carries the credit of the winner from input p, winners[by_input[p]].
  void send_grants(std::span<const Request> winners, std::uint64_t pairs,
                   const std::array<std::uint8_t, 64>& by_input, std::int64_t& wake,
                   RouterState& state, pdes::Context<NetEvent>& ctx) const;
  /// Returns one credit on output `port`, VC `vc` (kCredit, and the credit of a kFlitCredit).
  void take_credit(std::uint32_t port, std::uint32_t vc, RouterState& state,
                   pdes::Context<NetEvent>& ctx) const;
  /// The output VC a head may take at `out` in `vc_class`, or -1 if none is free with room.
  int free_output_vc(const RouterState& state, PortId out, std::uint32_t vc_class,
                     std::uint16_t packet_size) const;
  /// Routes the head at the front of input VC `ivc` and picks an output and VC among the
  /// routing's candidates (route_candidates.hpp); false if none has a free VC.
  bool route_head(std::uint32_t ivc, RouterState& state, pdes::Context<NetEvent>& ctx,
                  Request& request) const;
  RouterView view(const RouterState& state, std::int64_t now) const {
    return RouterView(router_, state, vcs_, *topology_raw_, now);
  }
  void schedule_wake(RouterState& state, pdes::Context<NetEvent>& ctx, std::int64_t at) const;
  /// RouterControl for one monitor while one event is handled (router_lp.cpp).
  class Control;
  /// Calls f(monitor, its state, its Control) for each monitor there is.
  template <class F>
  void for_each_monitor(RouterState& state, pdes::Context<NetEvent>& ctx, F&& f) const;
  void on_control(const NetEvent& event, RouterState& state, pdes::Context<NetEvent>& ctx) const;
  /// Sends a control message over output `port`, holding the link for `occupy_cycles` from
  /// the next allocation phase at which it is free; returns its arrival time.
  std::int64_t send_control_over(PortId port, const ControlMessage& message,
                                 std::uint32_t occupy_cycles, RouterState& state,
                                 pdes::Context<NetEvent>& ctx) const;
  /// Moves a message relayed to a node one link on (RouterControl::send_to_node).
  void relay_control(ControlMessage message, RouterState& state,
                     pdes::Context<NetEvent>& ctx) const;

  /// (a + b) % buffer_depth for a, b < buffer_depth, without a division.
  std::uint32_t ring_add(std::uint32_t a, std::uint32_t b) const {
    const std::uint32_t i = a + b;
    return i >= params_.buffer_depth ? i - params_.buffer_depth : i;
  }
  // Both without a division for a single class (most routings): routing a head asked for
  // three, each slower than the rest of the lookup.
  std::uint32_t class_first(std::uint32_t c) const {
    return classes_ == 1 ? c * vcs_ : c * vcs_ / classes_;
  }
  /// The class of VC v (< vcs_): the largest c with class_first(c) <= v.
  std::uint32_t vc_class(std::uint32_t v) const {
    return classes_ == 1 ? 0 : ((v + 1) * classes_ - 1) / vcs_;
  }
  pdes::SimTime cycles(std::uint32_t n) const { return pdes::SimTime{n * params_.cycle_ps}; }

  // Layout: the class is line-aligned and what the event path reads comes first, the port
  // links inline after it, so that a router with up to kInlineLinks ports is read in its first
  // four cache lines (the shared pointers that own the agents and the heap links are cold).
  // A 64×64 mesh's routers and their states do not fit in the caches: every line counts
  // (docs/performance.md, "Session 17").
  const RouterParams params_;
  const std::uint32_t ports_;
  const std::uint32_t vcs_;
  const RouterId router_;
  // The agents, read through raw pointers; the shared pointers below own them.
  const Topology* const topology_raw_;
  const RoutingAlgorithm* const routing_raw_;
  const SelectionFunction* const selection_raw_;
  /// The routing's and the selection's monitors (either may be null), each with its state
  /// (RouterState::routing, ::selection) and the owner its control messages carry.
  const RouterMonitor* const monitors_[2];
  bool any_monitor() const { return monitors_[0] != nullptr || monitors_[1] != nullptr; }
  // Bit c: class c is allocated atomically (RoutingAlgorithm::atomic_vc_class).
  std::uint64_t atomic_classes_ = 0;
  // Whether a pass merges a flit and a credit to the same router ("Merged flit and credit"),
  // and then bit p: port p (< 64) leads to a router, so its flit and credit may merge.
  std::uint64_t mergeable_ports_ = 0;
  // The VCs are split into classes_ contiguous classes of (nearly) equal size: class c holds
  // VCs [class_first(c), class_first(c + 1)). Arithmetic rather than tables, so that a router
  // owns no heap blocks beside its links to miss in the cache.
  const std::uint32_t classes_;
  /// allocator_ is the default (greedy_output_first), which allocate() runs inline.
  const bool default_allocator_;
  const bool merge_credits_;
  /// Port p's link: inline_links_ for up to kInlineLinks ports, else heap_links_. Set in the
  /// constructor, immutable after.
  const PortLink* links_ = nullptr;
  static constexpr std::size_t kInlineLinks = 8;
  std::array<PortLink, kInlineLinks> inline_links_{};
  // Cold: owners, and the links of larger routers.
  const std::shared_ptr<const Topology> topology_;
  const std::shared_ptr<const RoutingAlgorithm> routing_;
  const std::shared_ptr<const SelectionFunction> selection_;
  const std::shared_ptr<const SwitchAllocator> allocator_;
  std::vector<PortLink> heap_links_;
  const std::uint32_t packet_size_;
};

}  // namespace net
