// SPDX-License-Identifier: Apache-2.0
//
// Metapath: the DRB state of one source-destination pair at its source (Franco, Garcés, Luque,
// ICS'99, Definitions 2-3 in §2, and §3): the candidate MSPs in the order of
// MspCandidates, how many of them are open (the width), and the latency recorded for each, the
// paper's MSP_Latencies array.
//
// The open MSPs are always the first width() candidates: widening opens the next ones in order
// (shortest first), narrowing closes the most recently opened (longest) first [OURS; the paper
// grows and shrinks "Supernode sizes", which with candidates sorted by length also adds and
// removes the farthest paths last and first; PR-DRB thesis §3.2.3].
//
// Equations over the open MSPs s = 0 .. width-1, with L_s = Latency(MSP_s):
//   Latency(P*)   = ( sum_s 1 / L_s )^-1                 eq. [7] ("parallel resistors")
//   Bandwidth(P*) = 1 / Latency(P*) = sum_s 1 / L_s       eq. [8], with Bandwidth(MSP) = 1/L, [4]
//   Length(P*)    = (1 / width) sum_s Length(MSP_s)       eq. [6]
//   canonical latency L_c = zero-load latency of the canonical MSP, BWc = 1 / L_c   (§2)
//
// The latency record of an MSP is the last value an ACK reported for it (the pseudo-code of §3
// overwrites MSP_Latencies[i]), and, until its first ACK, the value given when it was opened
// (NewMspLatency; the paper is silent).
//
// Rollback safety (CONTRIBUTING.md §3): a regular value type (copyable, operator==) made of a
// vector of trivially copyable records and scalars, no pointers; it lives in the node LP's state
// inside a MetapathTable. Its methods are pure: no I/O, no randomness, no topology.
//
// Who uses it: DrbSource (choose, on_ack); tests and metrics read it.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/msp.hpp"
#include "models/network/routing/drb/zero_load_latency.hpp"
#include "pdes/checkpointable.hpp"

namespace net::drb {

/// One candidate MSP and what the source knows about it.
struct MspRecord {
  Msp msp;
  double latency = 0;      ///< Latency(MSP), eq. [3], in cycles; always > 0
  std::uint32_t acks = 0;  ///< ACKs recorded since the MSP was last opened (saturates)
  bool operator==(const MspRecord&) const = default;
};
static_assert(std::is_trivially_copyable_v<MspRecord>);

class Metapath {
 public:
  Metapath() = default;

  /// A metapath over `candidates` (element 0 the canonical MSP, as MspCandidates::generate
  /// returns them) with min(width, candidates.size()) open MSPs (width >= 1). Every record starts
  /// at its zero-load latency (the canonical latency plus the MSP's extra hops: the paper does not
  /// say; our choice).
  Metapath(const std::vector<Msp>& candidates, std::uint32_t width,
           const ZeroLoadLatency& zero_load);

  std::uint32_t width() const { return width_; }
  std::uint32_t num_candidates() const { return static_cast<std::uint32_t>(msps_.size()); }
  /// The record of candidate `id` (< num_candidates(), PDES_CHECK).
  const MspRecord& record(std::uint32_t id) const;
  /// The open MSPs, ids 0 .. width()-1.
  std::span<const MspRecord> open() const { return {msps_.data(), width_}; }

  /// Latency(P*), eq. [7], over the open MSPs.
  double latency() const;
  /// Bandwidth(P*), eq. [8].
  double bandwidth() const;
  /// Length(P*), eq. [6]: the mean length of the open MSPs.
  double length() const;
  /// Zero-load latency of the canonical MSP (the paper's canonical latency); BWc = 1 / it.
  double canonical_latency() const { return canonical_latency_; }
  /// True if every open MSP has had an ACK since it was opened.
  bool all_open_reported() const;

  /// Records the latency an ACK reported for MSP `id` (eq. [3], > 0). Returns false and changes
  /// nothing if `id` is not open: an ACK of a packet sent before its MSP was closed.
  bool record_latency(std::uint32_t id, double latency);

  /// Opens MSPs width() .. new_width-1 (width() < new_width <= num_candidates()), each starting
  /// from the latency chosen by `rule`: the mean of the open MSPs' records (kMeanActive, taken
  /// before any is opened) or its own zero-load latency (kZeroLoad). Their ACK counts restart.
  void widen(std::uint32_t new_width, NewMspLatency rule, const ZeroLoadLatency& zero_load);

  /// Closes MSPs new_width .. width()-1 (1 <= new_width < width()). Their records are kept but
  /// are overwritten when they open again.
  void narrow(std::uint32_t new_width);

  bool operator==(const Metapath&) const = default;
  /// Checkpoints (pdes/checkpointable.hpp).
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, msps_);
    pdes::checkpoint_value(ar, width_);
    pdes::checkpoint_value(ar, canonical_latency_);
  }

 private:
  std::vector<MspRecord> msps_;
  std::uint32_t width_ = 0;
  double canonical_latency_ = 0;
};

}  // namespace net::drb
