// SPDX-License-Identifier: Apache-2.0
//
// DrbSource: the source-side algorithm of Distributed Routing Balancing (Franco, Garcés, Luque,
// "A New Method to Make Communication Latency Uniform: Distributed Routing Balancing", ICS'99,
// §3; docs/drb.md): MSP Selection when a packet is generated and Dynamic
// Metapath Configuration when an ACK returns. Traffic Load Monitoring (queuing cycles summed in
// the header, the ACK) and multi-step routing (PhasedDimensionOrder) belong to the router and
// node LPs.
//
// Who calls it: the compute-node LP, from its const handlers. DrbSource is immutable and shared
// (like the Topology); all mutable DRB state is the node's MetapathTable, passed in by reference,
// and randomness comes only from the LP's pdes::Rng.
//
//   const DrbSource drb(topology, params, {base, per_hop});         // once per run
//   // packet generation at node `self` for `dst`:
//   MspChoice c = drb.choose(state.metapaths, self, dst, ctx.rng());
//   //   header: path = c.msp_id, intermediates X = c.x and Y = c.y (routers), phase 0
//   // ACK (msp_id, queuing cycles) received at `self` from `dst`:
//   drb.on_ack(state.metapaths, self, dst, ack.msp_id, ack.queuing_cycles);
//
// Contracts:
// - choose() draws exactly one rng.uniform() when the metapath has two or more open MSPs and no
//   draw otherwise. With max width 1 it never draws and always returns the canonical MSP (X = S,
//   Y = D), so DRB of width 1 consumes the same random stream as DOR.
// - msp_id is the MSP's index in the (S, D) candidate list, a pure function of (S, D) and the
//   parameters, so an ACK names its MSP even if the metapath was closed and rebuilt meanwhile.
// - The table stores a metapath only while it differs from a fresh one at width 1: with the
//   paper's overwrite-on-ACK records a width-1 metapath holds nothing the next ACK does not
//   replace. Channels that never expand cost no memory and no candidate generation.
//
// Limitations: intermediate destinations are routers; the transmission time of eq. [3] comes
// from ZeroLoadLatency and ignores ejection at X and Y.
#pragma once

#include <cstdint>

#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/metapath.hpp"
#include "models/network/routing/drb/metapath_table.hpp"
#include "models/network/routing/drb/msp_candidates.hpp"
#include "models/network/routing/drb/width_controller.hpp"
#include "models/network/routing/drb/zero_load_latency.hpp"
#include "models/network/topology/topology.hpp"
#include "pdes/rng.hpp"

namespace net::drb {

/// The MSP chosen for one packet: what its header must carry.
struct MspChoice {
  std::uint32_t msp_id = 0;  ///< index in the candidate list; 0 = canonical. The ACK returns it.
  RouterId x = 0;            ///< intermediate router of step 1 (== source router: null step)
  RouterId y = 0;            ///< intermediate router of step 2 (== destination router: null step 3)
  std::uint32_t length = 0;  ///< router hops of the whole MSP, eq. [2]
  bool canonical() const { return msp_id == 0; }
  bool operator==(const MspChoice&) const = default;
};

class DrbSource {
 public:
  /// Validates `params` against `topology` (pdes::ConfigError naming the drb.* key) and checks
  /// `zero_load`.
  DrbSource(const Topology& topology, const DrbParams& params, ZeroLoadLatency zero_load);

  const DrbParams& params() const { return params_; }
  const ZeroLoadLatency& zero_load() const { return zero_load_; }

  /// True if no packet can ever take a non-canonical MSP (max width 1, or a fixed width of 1).
  bool canonical_only() const;

  /// MSP Selection (§3 phase 3): the MSP for a packet from node `source` to node `destination`.
  /// Creates the metapath in `table` if the parameters open more than one MSP from the start
  /// (initial_width > 1); draws from `rng` only if two or more MSPs are open.
  MspChoice choose(MetapathTable& table, NodeId source, NodeId destination, pdes::Rng& rng) const;

  /// Dynamic Metapath Configuration (§3 phase 2), on an ACK for MSP `msp_id` of the channel
  /// (`source`, `destination`) reporting `queuing_cycles` (>= 0) of contention: records
  /// Latency(MSP) = transmission time + queuing (eq. [3]), computes Latency(P*) (eq. [7]) and
  /// applies the width controller. An ACK for an MSP that is no longer open is ignored.
  void on_ack(MetapathTable& table, NodeId source, NodeId destination, std::uint32_t msp_id,
              double queuing_cycles) const;

  /// A fresh metapath for the channel: candidates of MspCandidates (at most max_width), with
  /// initial_width open.
  Metapath make_metapath(NodeId source, NodeId destination) const;

  /// The two halves of on_ack for one metapath, for algorithms that decide between them (PR-DRB
  /// re-applies a saved path set instead of adapting, routing/prdrb/):
  /// record(): Latency(MSP) = transmission time + `queuing_cycles` (eq. [3]) for MSP `msp_id`;
  /// false, and nothing recorded, if that MSP is no longer open.
  bool record(Metapath& m, std::uint32_t msp_id, double queuing_cycles) const;
  /// adapt(): one step of the width controller (with the open_after_feedback rule).
  void adapt(Metapath& m) const;
  /// True if `m` behaves exactly like an absent table entry (see the contracts above).
  bool replaceable_by_absence(const Metapath& m) const;

  const MspCandidates& candidates() const { return candidates_; }
  const WidthController& controller() const { return controller_; }

 private:
  /// Records the ACK in `m` and applies the controller (and the open_after_feedback rule).
  void configure(Metapath& m, std::uint32_t msp_id, double queuing_cycles) const;

  const Topology& topology_;
  DrbParams params_;
  ZeroLoadLatency zero_load_;
  MspCandidates candidates_;
  WidthController controller_;
};

}  // namespace net::drb
