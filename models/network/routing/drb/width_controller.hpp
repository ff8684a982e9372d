// SPDX-License-Identifier: Apache-2.0
//
// WidthController: the threshold controller of DRB's Dynamic Metapath Configuration (Franco,
// Garcés, Luque, ICS'99, §3 phase 2, eqs. [9]-[10]), as a pure function from the
// metapath's latency to its next width.
//
// Paper (pseudo-code Metapath_Configuration, run at the source on every MSP latency received):
//   if Latency(P*) > ThL + Tol  increase the width according to eq. [9]
//   elif Latency(P*) < ThL - Tol  decrease it according to eq. [10]
// The band centre is ThL above the canonical latency by default (drb.threshold_base =
// canonical), or ThL itself (absolute); docs/drb.md says why. The latency compared is Latency(P*)
// (drb.controller_input = metapath, the paper), or width x Latency(P*) (message [OURS]): the mean
// latency of a message when MSPs are chosen by eq. [11]/[12], since sum_s p_s L_s = width /
// sum_s (1/L_s). With eq. [7] alone, w paths of latency L give L/w, so the width holds only while
// the per-path latency stays in w times the band, and the bands of widths w and w+1 leave a gap
// unless (2w+1) Tol >= the band centre (docs/drb.md, "controller").
//
// Rules (drb.controller):
// - paper: the step is the Δsize of eq. [9]/[10]. As printed (OCR-garbled) they read
//     BWc < BW + BWc * Tol * 1/k * sum_{i=1..Δ} i < BWc (1 + 1/k)     widen by Δ     [9]
//     BWc < BW - BWc * Tol * 1/k * sum_{i=1..Δ} i < BWc (1 + 1/k)     narrow by Δ    [10]
//   with BW = Bandwidth(P*) (eq. [8]), BWc = the canonical bandwidth, k = drb.channel_use. Our
//   reading [OURS]: Tol enters as the relative tolerance tau = Tol / ThL (the paper uses Tol as a
//   latency in the band and as a bandwidth fraction here; only the ratio is dimensionless), the
//   i-th MSP opened is assumed to add BWc * tau / k * i, and
//     widen:  Δ = the smallest Δ >= 1 with BW + BWc tau/k Δ(Δ+1)/2 > BWc
//             (just enough to restore the canonical bandwidth);
//     narrow: Δ = the smallest Δ >= 1 with BW - BWc tau/k Δ(Δ+1)/2 < BWc (1 + 1/k)
//             (just enough to give up the bandwidth beyond the canonical one plus a 1/k margin);
//   if no Δ within range satisfies it, the largest step allowed. The printed guards
//   ("if BW < BWc*Tol", "if BW > BWc*Tol") contradict the band test and are not used.
// - step: ±1 (our simple alternative to the garbled eqs. [9]-[10]). With controller_input =
//   metapath this is the PR-DRB theses' rule (004 §3.2.4, Alg. A.2: L(MP) of Eq. 3.4 against
//   Threshold_High / Threshold_Low = the band's edges, one path more or less per ACK; "evaluate
//   the effect" is open_after_feedback). Issue 15 measured it against paper
//   (docs/reproduction/drb.md): it widens least, which helps only where there is nothing to
//   balance, so paper + message stay the defaults.
// - fixed: the width never changes.
// The result always lies in [1, max_width].
//
// Who uses it: DrbSource::on_ack. Holds a copy of the parameters; const and pure.
#pragma once

#include <cstdint>

#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/metapath.hpp"

namespace net::drb {

class WidthController {
 public:
  explicit WidthController(const DrbParams& params) : params_(params) {}

  /// The latency of `metapath` the band is compared with (drb.controller_input).
  double input(const Metapath& metapath) const;

  /// The band [low, high]: the width holds while low <= input <= high.
  struct Band {
    double low = 0;
    double high = 0;
  };
  Band band(double canonical_latency) const;

  /// The next width of `metapath`, at most `max_width` (>= width(); the smaller of
  /// drb.max_width and the number of candidates).
  std::uint32_t next_width(const Metapath& metapath, std::uint32_t max_width) const;

  /// The numeric core of next_width: controlled latency `input` (> 0), Bandwidth(P*) `bandwidth`
  /// (eq. [8], > 0), canonical latency (> 0), `width` open of at most `max_width`.
  std::uint32_t decide(double input, double bandwidth, double canonical_latency,
                       std::uint32_t width, std::uint32_t max_width) const;

  /// Δsize of eq. [9]: bandwidths bw, bwc > 0, at most `cap` (>= 1).
  std::uint32_t paper_widen_step(double bw, double bwc, std::uint32_t cap) const;
  /// Δsize of eq. [10].
  std::uint32_t paper_narrow_step(double bw, double bwc, std::uint32_t cap) const;

 private:
  /// BWc * tau / k * Δ(Δ+1)/2: the bandwidth Δ opened MSPs are assumed to add.
  double paper_gain(double bwc, std::uint32_t delta) const;

  DrbParams params_;
};

}  // namespace net::drb
