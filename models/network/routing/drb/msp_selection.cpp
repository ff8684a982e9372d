// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp_selection.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace net::drb {

std::uint32_t select_msp(std::span<const MspRecord> open, SelectionRule rule, double u) {
  PDES_CHECK(!open.empty() && u >= 0 && u < 1, "select_msp: needs open MSPs and u in [0, 1)");
  const auto n = static_cast<std::uint32_t>(open.size());
  if (rule == SelectionRule::kUniform) {
    return std::min(static_cast<std::uint32_t>(u * n), n - 1);
  }
  double total = 0;
  for (const MspRecord& r : open) total += 1.0 / r.latency;
  // Compare u * total with the running sum instead of normalising every term: the same
  // inverse-CDF step of eq. [12] with one division less per MSP.
  const double target = u * total;
  double cumulative = 0;
  for (std::uint32_t k = 0; k < n; ++k) {
    cumulative += 1.0 / open[k].latency;
    if (target < cumulative) return k;
  }
  return n - 1;  // rounding: u * total can reach the last partial sum
}

std::vector<double> selection_probabilities(std::span<const MspRecord> open, SelectionRule rule) {
  PDES_CHECK(!open.empty(), "selection_probabilities: no open MSP");
  std::vector<double> p(open.size(), 1.0 / static_cast<double>(open.size()));
  if (rule == SelectionRule::kUniform) return p;
  double total = 0;
  for (const MspRecord& r : open) total += 1.0 / r.latency;
  for (std::size_t k = 0; k < open.size(); ++k) p[k] = (1.0 / open[k].latency) / total;
  return p;
}

}  // namespace net::drb
