// SPDX-License-Identifier: Apache-2.0
//
// RouterState: the mutable, rollback-safe state of one RouterLp (CONTRIBUTING.md §3).
//
// A regular value type: flat std::vectors of trivially copyable structs, sized once in
// RouterLp::on_init from the parameters, no pointers; operator== for the rollback-check engine.
// Flat arrays keep a state copy (copy state saving) down to a handful of allocations.
//
// Layout (P = ports, V = VCs, B = buffer depth):
//   vcs      P*V     per (port, VC): the input VC's ring front/count, its pool segment and the
//                    current packet's output (or the output its blocked head waits for), and
//                    the output VC's credits and whether a packet holds it
//   ports    P       per port: when its input and its output may next move a flit, the
//                    round-robin pointers of its output's and its input's arbiters, and the
//                    flits of the packets whose blocked head waits for its output ("Waiting")
//   slots    S*B     the slot pool: S segments of B slots, one per input VC that holds flits
//   totals   P       per output port: the latency map's counters, touched only by a grant
//   routing, selection  the state of the routing's router monitor and of the selection
//                    function, when they keep any (empty: one null pointer each)
//
// Slot pool: an input VC holds a segment of B slots (its ring) only while it has flits. The
// first flit into an empty VC takes the most recently freed segment (or a new one at the end of
// the pool), and the VC gives it back when its last flit leaves. The pool thus grows to the
// largest number of input VCs ever non-empty at once, not to P*V: below saturation a few
// segments whatever the radix (a dragonfly router of radix 95 with 3 VCs of 16 flits would
// otherwise carry 285 KiB of slots, nearly all dead; docs/performance.md, "Million-terminal
// dragonfly"). Free segments form a LIFO chain through the `ready` field of their first slot
// (free_segment is its head), so that taking one touches only the line the flit goes into.
// The pool's capacity grows apart from its segments (grow_pool): the first growth reserves
// kFirstSegments segments (fewer if the router has fewer VCs), each later one half as many
// again as it has. Measured at the end of runs (docs/performance.md, "Session 18"), most
// routers of a 3-D torus at 0.02 had grown to 3 or 4 segments and most of a 64x64 mesh at
// 0.0375 to 5 or 6: growing a segment at a time from one (capacity 1, 2, 4, 8 as a vector
// doubles) took three or four allocations per router and left the outgrown pools behind as
// free memory the heap could not reuse for the next (aligned) pool.
//
// Waiting: a head that found no free output VC (or no credit) in a pass stays at the front of
// its input VC, routed again in every pass. The router records the output it was routed to in
// the last such pass (VcState::out_port, with routed = kWaiting) and adds the packet's size
// to that output's PortState::waiting_flits until the head leaves (grant) or a later blocked
// pass routes it elsewhere. So waiting_flits(o) counts, in flits, the packets queued in this
// router's input VCs behind the head that wants o — the part of output o's queue that its
// downstream occupancy (the credits not back) cannot show (RouterView::output_queue). Packets,
// counted at their full size, rather than the flits present: a blocked packet's body may not
// have arrived yet but will cross o, and only head events (blocked, granted) touch the count,
// not every flit's arrival. Not counted: a head routed successfully that lost the switch for a
// cycle, and the body flits of a packet whose head has left (they wait for credits: the
// output's downstream buffer is full, which the downstream occupancy shows). A head that, blocked at o, is later granted elsewhere
// (an adaptive routing changed its mind) leaves o's count at that grant.
//
// Compact on purpose: in a large network every event finds its router's state out of the
// caches, so the state is laid out to be fetched in few cache lines. Every event reads vcs and
// ports (for P = 5, V = 2: 160 + 120 bytes, 5 lines, which RouterLp::prefetch requests ahead);
// a flit's slot is one line of its own (the whole 56-byte flit, so that a router forwards it
// without any lookup; BufferedFlit is line-aligned). For P = 5, V = 2, B = 8 the state is about
// 0.5 KiB plus 0.5 KiB per segment in use (test_network_build.cpp prints it).
//
// One block: vcs, ports and totals are not three heap arrays but three views (StateSpan) into
// one line-aligned block (from LineBlocks, as the slot pool), in that order. A pass reads all three; as separate allocations at
// malloc's 16-byte alignment they spanned up to 12 lines for P = 5, V = 4 (6 + 3 + 3) where the
// block takes 9, with two allocation headers less, and copying a state (state saving) copies
// the block in one go. A state owns its block; copies allocate their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "models/network/event/flit.hpp"
#include "models/network/router/agent_states.hpp"
#include "models/network/router/line_blocks.hpp"

namespace net {

/// A flit in an input buffer and the earliest time it may leave (ticks). Line-aligned, so that
/// the slot pool (a std::vector, which then allocates aligned) gives each slot exactly one cache
/// line: at the 16-byte alignment of a plain allocation three slots in four straddled two lines.
struct alignas(64) BufferedFlit {
  Flit flit{};
  std::int64_t ready = 0;
  bool operator==(const BufferedFlit&) const = default;
};

/// Both sides of one (port, VC): 16 bytes, four to a cache line.
struct VcState {
  static constexpr std::uint16_t kNoSegment = 0xFFFF;
  // `routed`: the current packet's head has not left and is not counted as waiting
  // (kUnrouted); it has left, the packet holds out_port / out_vc until its tail leaves
  // (kRouted); it is at the front, blocked, counted in ports[out_port].waiting_flits (kWaiting;
  // RouterState, "Waiting").
  static constexpr std::uint8_t kUnrouted = 0;
  static constexpr std::uint8_t kRouted = 1;
  static constexpr std::uint8_t kWaiting = 2;
  // Input side: the input VC's buffer, a ring in the segment of the slot pool it holds while it
  // is not empty (RouterState, "Slot pool").
  std::uint16_t front = 0;     ///< ring index of the oldest flit
  std::uint16_t count = 0;     ///< flits buffered
  std::uint16_t segment = kNoSegment;  ///< its segment of RouterState::slots while count > 0
  std::uint8_t out_port = 0;   ///< valid while `routed` != kUnrouted (kWaiting: the output wanted)
  std::uint8_t routed = 0;     ///< kUnrouted, kRouted or kWaiting (below)
  std::uint32_t head_blocked_cycles = 0;  ///< the current packet head's Flit::blocked_cycles
  // Output side: the output VC towards the downstream router.
  std::uint16_t credits = 0;   ///< free slots in the downstream input VC
  std::uint8_t out_vc = 0;     ///< input side, valid while `routed` (router.vcs <= 255)
  std::uint8_t busy = 0;       ///< 1 while a packet (head sent, tail not yet) holds the VC
  bool operator==(const VcState&) const = default;
};
static_assert(sizeof(VcState) == 16, "VcState: four to a cache line");

struct PortState {
  std::int64_t input_free_at = 0;   ///< earliest time this input may send its next flit
  std::int64_t output_free_at = 0;  ///< earliest time this output may carry its next flit
  std::uint16_t last_grant = 0;   ///< output arbiter: input VC it last granted (round robin;
                                  ///< P*V <= 255*255 fits)
  std::uint16_t last_accept = 0;  ///< input arbiter: output port it last won (separable, iSLIP)
  /// Flits of the packets whose blocked head waits for this output (RouterState, "Waiting").
  std::uint32_t waiting_flits = 0;
  bool operator==(const PortState&) const = default;
};
static_assert(sizeof(PortState) == 24, "PortState: as small as before waiting_flits");

/// Totals of one output port, for the latency map (router_lp.hpp, "Contention").
struct PortTotals {
  std::uint64_t flits_out = 0;        ///< flits sent on this output
  std::uint64_t packets_out = 0;      ///< heads sent on this output
  std::uint64_t head_wait_ticks = 0;  ///< sum over those heads of the wait beyond the pipeline
  std::uint64_t flits_measured = 0;   ///< flits sent from the warm-up's end on
  bool operator==(const PortTotals&) const = default;
};

/// One of RouterState's per-VC and per-port arrays: a view into the state's line-aligned block
/// (RouterState, "One block"). Indexing, size and iteration as a std::vector's; sized only
/// through RouterState::size_arrays, and copied and compared only as part of the state.
template <class T>
class StateSpan {
 public:
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  bool operator==(const StateSpan& other) const {
    if (size_ != other.size_) return false;
    for (std::size_t i = 0; i < size_; ++i) {
      if (!(data_[i] == other.data_[i])) return false;
    }
    return true;
  }

 private:
  friend struct RouterState;
  T* data_ = nullptr;
  std::uint32_t size_ = 0;
};

struct RouterState {
  static constexpr std::int64_t kNoWake = std::numeric_limits<std::int64_t>::max();

  // vcs, ports and totals live in one line-aligned block that the state owns ("One block").
  StateSpan<VcState> vcs;
  StateSpan<PortState> ports;
  std::vector<BufferedFlit, LineAllocator<BufferedFlit>> slots;
  StateSpan<PortTotals> totals;
  std::int64_t pending_wake = kNoWake;  ///< earliest kWake already scheduled and not yet run
  std::int64_t last_pass = -1;          ///< time of the last allocation pass
  std::uint32_t buffered = 0;           ///< flits in all input buffers
  std::uint16_t first_output = 0;       ///< output arbitrated first in the next pass
  std::uint8_t waiting_for_resources = 0;  ///< 1 if the last pass left a flit without credit/VC
  std::uint8_t reserved = 0;
  std::uint16_t depth = 0;         ///< B: slots per segment (router.buffer_depth)
  std::uint16_t segments = 0;      ///< segments in the pool (in use or free); slots holds them
  std::uint16_t free_segment = VcState::kNoSegment;  ///< head of the free chain
  // Last, after the two cache lines every event reads: touched only by monitors and selection
  // functions that keep state.
  AgentStates agents;  ///< the routing monitor's and the selection function's, if they keep any

  /// Segments the slot pool's first growth reserves ("Slot pool").
  static constexpr std::size_t kFirstSegments = 4;

  /// Bytes of the state and everything it owns (for the benchmark and the size test).
  std::size_t bytes() const {
    // slots: the pool's capacity as grown so far
    return sizeof(RouterState) + block_bytes(vcs.size(), ports.size()) +
           slots.capacity() * sizeof(BufferedFlit);
  }
  /// Sizes the block: `num_vcs` VCs, each set to `vc`, and `num_ports` ports and totals, zero.
  /// The previous content is dropped.
  void size_arrays(std::size_t num_vcs, std::size_t num_ports, const VcState& vc = VcState{});

  // Value semantics over the live content. A slot outside its VC's ring window (front, count)
  // holds a flit that has left: nothing reads it before a new flit overwrites it. Assignment
  // copies only live slots (and the free chain's links), growing the pool to the source's
  // segments if it is shorter, and equality ignores dead slots and pool capacity. This is what
  // makes copy state saving cheap: the optimistic engine copies a router's state for every few
  // events it executes, and most of the pool is dead below saturation.
  RouterState() = default;
  RouterState(const RouterState& other);
  RouterState(RouterState&& other) noexcept;
  RouterState& operator=(RouterState&& other) noexcept;
  RouterState& operator=(const RouterState& other);
  ~RouterState();
  bool operator==(const RouterState& other) const;
  /// Requests, for writing, the lines `*this = source` will write outside this object: the VC,
  /// port and totals arrays and the first slot of each of source's non-empty VC windows. The
  /// optimistic engine calls it on the snapshot slot it is about to save into, which has been
  /// out of the caches since its last use (pdes::internal::LpRuntime::prefetch_snapshot_slot).
  void prefetch_copy_target(const RouterState& source) const;

  /// Index in `slots` of slot i of segment `segment`.
  std::size_t slot_of(std::uint16_t segment, std::uint32_t i) const {
    return std::size_t{segment} * depth + i;
  }
  /// Gives input VC `in` a segment (it has none: it is empty).
  void take_segment(VcState& in) {
    if (free_segment != VcState::kNoSegment) {
      in.segment = free_segment;
      free_segment = static_cast<std::uint16_t>(slots[slot_of(free_segment, 0)].ready);
      return;
    }
    grow_pool(in);
  }
  /// take_segment's rare branch, out of line so that the event path stays small to inline:
  /// adds a segment at the end of the pool, reserving capacity as "Slot pool" says.
  void grow_pool(VcState& in);
  /// Takes back the segment of input VC `in`, which has just become empty.
  void release_segment(VcState& in) {
    slots[slot_of(in.segment, 0)].ready = free_segment;
    free_segment = in.segment;
    in.segment = VcState::kNoSegment;
  }

 private:
  static constexpr std::size_t kLine = 64;
  /// Bytes of the block for these sizes: vcs, then ports, then totals, in whole lines.
  static std::size_t block_bytes(std::size_t num_vcs, std::size_t num_ports) {
    const std::size_t used = num_vcs * sizeof(VcState) +
                             num_ports * (sizeof(PortState) + sizeof(PortTotals));
    return (used + kLine - 1) / kLine * kLine;
  }
  /// Allocates an uninitialised block for these sizes and points the three spans into it (the
  /// old block must have been released).
  void allocate_block(std::size_t num_vcs, std::size_t num_ports);
  void release_block();
  /// Calls f(slot index) for every live slot, in VC order, then for the first slot of every
  /// free segment (its `ready` links the free chain).
  template <class F>
  void for_each_live_slot(F&& f) const {
    for (const VcState& in : vcs) {
      for (std::uint32_t i = 0; i < in.count; ++i) {
        const std::uint32_t r = in.front + i;
        f(slot_of(in.segment, r >= depth ? r - depth : r));
      }
    }
    for (std::uint16_t s = free_segment; s != VcState::kNoSegment;
         s = static_cast<std::uint16_t>(slots[slot_of(s, 0)].ready)) {
      f(slot_of(s, 0));
    }
  }
};

}  // namespace net
