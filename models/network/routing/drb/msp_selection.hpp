// SPDX-License-Identifier: Apache-2.0
//
// MSP selection: which open MSP of a metapath carries the next message (Franco, Garcés, Luque,
// ICS'99, §3 phase 3, Multi_Step_Path_Selection, eqs. [11]-[12]). "The most available
// Bandwidth, the most frequent use": the bandwidths BW_s = 1 / Latency(MSP_s) (eq. [4]) form a
// discrete distribution, sampled by inversion with one uniform R in [0, 1):
//
//   P(0) = 0,  P(k) = sum_{j<=k} BW_j / sum_{j} BW_j,  P(width) = 1          eq. [11] (rebuilt)
//   choose the k with P(k-1) <= R < P(k)                                      eq. [12]
//
// so Pr[MSP_k] = (1 / L_k) / sum_j (1 / L_j) (PR-DRB thesis Eq. 3.6 states it directly). The
// printed [12] has P(k-1) < R <= P(k), which for R in [0, 1) would leave R = 0 unassigned; the
// half-open form is the same distribution. kUniform ignores latencies: Pr = 1 / width (Valiant).
//
// Pure functions of their arguments; the caller draws R (DrbSource draws it from the LP's
// pdes::Rng, and only when more than one MSP is open).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/metapath.hpp"

namespace net::drb {

/// The index (0 .. open.size()-1) of the MSP that uniform `u` in [0, 1) selects among `open`
/// (non-empty, latencies > 0).
std::uint32_t select_msp(std::span<const MspRecord> open, SelectionRule rule, double u);

/// The probability with which select_msp picks each open MSP (sums to 1).
std::vector<double> selection_probabilities(std::span<const MspRecord> open, SelectionRule rule);

}  // namespace net::drb
