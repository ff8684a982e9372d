// SPDX-License-Identifier: Apache-2.0
//
// SwitchAllocator: how an input-queued router (RouterLp) matches the input VCs that want to move
// a flit to the output ports that can take one, once per allocation pass.
//
// Who calls what: in every pass, RouterLp gathers one AllocationRequest per input VC whose front
// flit could move now (eligible, its input port free, a head already holding an output VC or
// body flits with a credit, the output port free) and hands them to the allocator in an
// AllocationRound. The allocator picks the winners: at most one per input port (one flit leaves
// an input per cycle) and at most one per output port (one flit enters a link per cycle). It
// moves them to the front of `requests` in the order they are to be granted and returns their
// count; RouterLp then grants them in that order. The rest retry in the next cycle.
//
// VC allocation is folded into this match (docs/router.md, "Allocators"): a head's request
// already names the output VC it would take (the first free VC of its class at the output its
// routing and selection chose), and since an output moves one flit per cycle, at most one head
// per output wins a VC in a pass; a head that loses tries again, and finds the VC again or
// another one, in the next pass.
//
// Priority: a request's `age` comes first in every arbiter that honours priority (lower wins):
// ACKs carry the lowest possible value (a source routing's feedback has the highest priority),
// data packets their creation time under router.arbitration = age and 0 otherwise. Among equal
// ages the arbiters are round robin.
//
// State: an allocator is immutable and shared by every router; its pointers live in the router's
// state (PortState::last_grant, the output arbiters' pointer, an input VC; PortState::last_accept,
// the input arbiters' pointer, an output port; RouterState::first_output, a rotating start), so
// that they are saved and rolled back with it. allocate() may update only those.
//
// Adding an allocator: one class in its own files under router/allocators/, one line in
// register_allocators (allocator_registry.cpp) and its .cpp in models/network/CMakeLists.txt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "models/network/router/router_state.hpp"
#include "models/network/topology/types.hpp"

namespace net {

/// The request of one input VC whose front flit could move in this pass.
struct AllocationRequest {
  std::uint32_t ivc;      ///< input VC: in_port * vcs + VC
  PortId out;             ///< the output port it asks for
  std::uint16_t out_vc;   ///< the output VC the flit would take (0 on an ejection port)
  std::uint16_t in_port;  ///< ivc / vcs, kept to spare divisions
  std::int64_t age;       ///< priority, lower wins: kAckAge for ACKs, else creation time (age
                          ///< arbitration) or 0
};

/// One pass: the requests, the router's shape and the allocator's pointers in the router state.
struct AllocationRound {
  std::span<AllocationRequest> requests;
  std::uint32_t ports = 0;  ///< input ports = output ports
  std::uint32_t vcs = 0;    ///< VCs per port
  std::span<PortState> port_state;
  std::uint16_t& first_output;
};

class SwitchAllocator {
 public:
  virtual ~SwitchAllocator() = default;
  virtual std::string_view name() const = 0;
  /// Picks this pass's winners (see above): moves them to the front of round.requests in grant
  /// order and returns how many there are; updates its pointers in round.port_state and
  /// round.first_output, nothing else.
  virtual std::size_t allocate(AllocationRound& round) const = 0;
};

/// Round-robin distance of `index` from the pointer `last`, both in [0, n): 0 for the index right
/// after `last`, n - 1 for `last` itself.
inline std::uint32_t round_robin_distance(std::uint32_t index, std::uint32_t last,
                                          std::uint32_t n) {
  const std::uint32_t key = index + n - last - 1;
  return key >= n ? key - n : key;
}

/// The two arbiters of separable allocators, iSLIP and the VC choice of the wavefront
/// allocator, over one round's pointers. Both put priority first.
class Arbiters {
 public:
  explicit Arbiters(const AllocationRound& round)
      : round_(round), pv_(round.ports * round.vcs) {}

  /// Output arbiter of `a.out` (a.out == b.out): round robin over input VCs after the output's
  /// last winner.
  bool output_prefers(const AllocationRequest& a, const AllocationRequest& b) const {
    if (a.age != b.age) return a.age < b.age;
    const std::uint32_t last = round_.port_state[a.out].last_grant;
    return round_robin_distance(a.ivc, last, pv_) < round_robin_distance(b.ivc, last, pv_);
  }
  /// Input arbiter of `a.in_port` (a.in_port == b.in_port): round robin over output ports after
  /// the output it last accepted; between two VCs asking for one output, that output's order.
  bool input_prefers(const AllocationRequest& a, const AllocationRequest& b) const {
    if (a.age != b.age) return a.age < b.age;
    if (a.out != b.out) {
      const std::uint32_t last = round_.port_state[a.in_port].last_accept;
      return round_robin_distance(a.out, last, round_.ports) <
             round_robin_distance(b.out, last, round_.ports);
    }
    return output_prefers(a, b);
  }

 private:
  const AllocationRound& round_;
  std::uint32_t pv_;
};

/// Moves both round-robin arbiters of each winner past it: its output's grant pointer to its
/// input VC, its input port's accept pointer to its output (iSLIP's and the separable
/// allocators' pointer update, made after all of a round's choices).
void advance_pointers(AllocationRound& round, std::span<const AllocationRequest> requests,
                      std::span<const std::uint32_t> winners);

/// Moves requests[winners[k]] to position k, for k in order (the others follow in any order).
/// `winners` holds distinct indices; it is overwritten.
void move_winners_to_front(std::span<AllocationRequest> requests,
                           std::span<std::uint32_t> winners);

}  // namespace net
