// SPDX-License-Identifier: Apache-2.0
//
// CentralLinks: every link of the hypercube as one deciding LP sees them — the circuit manager
// (circuit_manager_lp.hpp) and PA's cut-through LP (pa_cut_through_lp.hpp) both decide for the
// whole network from router 0 — with the decision timer they share.
//
//   state.links.reset(num_routers * n);            // on_init, router 0
//   state.links.take(l, t, msg.length);            // the message holds link l from cycle t
//   const std::int64_t next = state.links.next_free(t);
//   schedule_decision(state.decide_at, next, cycle, ctx, "circuit");
//   state.links.emit(ctx, num_routers, n, half_duplex);   // on_finish: one MissionLink each
//   send_delivery(msg, arrival_cycle, cycle, router, layout, ctx);  // kDeliver to msg.dst
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/missions/message_header.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

struct CentralLinks {
  /// busy_until of a link held by a circuit still being set up (circuit_manager_lp.hpp).
  static constexpr std::int64_t kHeld = std::int64_t{1} << 62;
  std::vector<std::int64_t> busy_until;    ///< per link (owner * n + dimension), cycles
  std::vector<std::uint64_t> busy_cycles;  ///< per link
  std::vector<std::uint64_t> messages;     ///< per link

  void reset(std::size_t links);
  /// Link `l` carries a message of `length` cycles from cycle `t`.
  void take(std::size_t l, std::int64_t t, std::int64_t length);
  /// The earliest cycle after `t` at which a busy link frees; -1 if none is busy (a held link
  /// frees only when its circuit has been set up).
  std::int64_t next_free(std::int64_t t) const;
  /// One MissionLink record per link (half duplex: the link is owned by its lower end).
  void emit(pdes::CommitContext& ctx, std::uint32_t num_routers, std::uint32_t dimension,
            bool half_duplex) const;

  bool operator==(const CentralLinks&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, busy_until);
    pdes::checkpoint_value(ar, busy_cycles);
    pdes::checkpoint_value(ar, messages);
  }
};

/// Schedules the deciding LP's next pass at the decision phase of cycle `at_cycle`, once per
/// tick (`decide_at` remembers the pending one). `who` names the LP in the error of a pass in
/// the past.
void schedule_decision(std::int64_t& decide_at, std::int64_t at_cycle, std::int64_t cycle_ticks,
                       pdes::Context<NetEvent>& ctx, const char* who);

/// Sends `msg` from the deciding LP (router `router`) to its destination node, arriving at the
/// delivery phase of cycle `at_cycle` — or one tick from now if that is not later (a message
/// to its own source is delivered at once).
void send_delivery(const MessageHeader& msg, std::int64_t at_cycle, std::int64_t cycle_ticks,
                   std::uint32_t router, const LpLayout& layout, pdes::Context<NetEvent>& ctx);

}  // namespace net::missions
