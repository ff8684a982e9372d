// SPDX-License-Identifier: Apache-2.0
//
// PrDrbSource: the source side of PR-DRB and FR-DRB (seed 004 §3.2.5, §3.2.6, §3.2.8,
// Alg. A.2; §4.8.4; docs/prdrb.md). DRB's source (routing/drb/drb_source.hpp) does MSP
// Selection and records each ACK's latency; this class decides what the metapath does next:
//
//   zone of the metapath after the ACK (Eq. 3.5, DRB's band [ThL - Tol, ThL + Tol])
//   - enters H (M -> H): if a notification told the flow its contending flows and the database
//     holds a solution for that situation, install it at once — every saved path with its
//     recorded latency ("direct maximum expansion", §4.6.3); otherwise DRB opens paths one step
//     at a time;
//   - stays in H with an installed solution: DRB waits (Alg. A.2 gates it on "NOT saved
//     solution"), until prdrb.stale_acks ACKs in H show the solution stale; then DRB adapts;
//   - leaves H for M (H -> M): the situation is under control; save the open path set for it
//     (new entry, or replace a worse one);
//   - L: DRB closes paths; the situation is over (forgotten until notified again).
// A router-based notification (predictive ACK) acts at once: if the flow has no solution
// installed and the database knows the situation, it is installed before any ACK shows H.
//
// FR-DRB (prdrb.watchdog > 0): while packets to a destination are outstanding, each watchdog
// period without an ACK opens one path. The metapath matters only when a packet is sent, so
// the expiries are counted when the next packet leaves (and when an ACK arrives), which gives
// the same routes as a timer would.
//
// Immutable and shared like DrbSource; all mutable state is the node's SourceState.
#pragma once

#include <cstdint>

#include "models/network/event/flit.hpp"
#include "models/network/routing/drb/drb_routing.hpp"
#include "models/network/routing/prdrb/congestion_notice.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "models/network/routing/prdrb/source_state.hpp"
#include "pdes/rng.hpp"

namespace net::prdrb {

class PrDrbSource {
 public:
  /// `topology` and `drb` outlive this object; `cycle_ticks` > 0.
  PrDrbSource(const Topology& topology, const drb::DrbRouting& drb, const PrDrbParams& params,
              std::int64_t cycle_ticks);

  /// A data head about to leave `self` at time `now` (ticks): the watchdog, then DRB's MSP
  /// Selection and header.
  void prepare(SourceState& s, NodeId self, Flit& head, std::int64_t now, pdes::Rng& rng) const;
  /// The ACK of data packet `seq` sent to `destination` over MSP `msp_id`, reporting
  /// `queuing_cycles`, arriving at `now`.
  void on_ack(SourceState& s, NodeId self, NodeId destination, std::uint32_t seq,
              std::uint32_t msp_id, double queuing_cycles, std::int64_t now) const;
  /// A router's notification: kPredictiveAck (acts now) or kWithPacket (held for its ACK).
  void on_notice(SourceState& s, NodeId self, std::uint8_t topic,
                 const CongestionNotice& notice) const;

  /// The zone of `m` (Eq. 3.5).
  Zone zone_of(const drb::Metapath& m) const;

 private:
  /// The flow towards `destination` learns its situation; router-based: try a solution now.
  void learn_situation(SourceState& s, NodeId self, NodeId destination, const FlowSet& flows,
                       bool act_now) const;
  /// Looks the flow's situation up once; on a hit installs the solution. True on a hit.
  bool try_solution(SourceState& s, NodeId self, FlowControl& flow) const;
  /// Installs `paths` into the flow's metapath (created if absent): widens it to the saved
  /// path set; a metapath already as wide keeps its own paths.
  void install(SourceState& s, NodeId self, NodeId destination, const Solution& paths) const;
  /// The open path set of `m`.
  static Solution solution_of(const drb::Metapath& m);
  /// FR-DRB: expiries since the flow's watchdog started, each opening one path.
  void run_watchdog(SourceState& s, NodeId self, FlowControl& flow, std::int64_t now) const;
  /// Opens one path on the flow towards `destination` (watchdog): a DRB step up.
  void open_one(SourceState& s, NodeId self, NodeId destination) const;
  /// Drops what is equal to its absence: a canonical metapath, a flow entry with nothing to keep.
  void tidy(SourceState& s, NodeId destination) const;

  /// One DRB configuration step on `m`, counting the paths it opens.
  void adapt(SourceState& s, drb::Metapath& m) const;

  const Topology& topology_;
  const drb::DrbRouting& drb_;
  const drb::DrbSource& source_;
  PrDrbParams params_;
  std::int64_t watchdog_ticks_;
};

}  // namespace net::prdrb
