// SPDX-License-Identifier: Apache-2.0
//
// least_cost_option: seed 002's choice among free output channels — the channel with the least
// E = D + R + (neighbour term), where
//   D = 1 if the channel continues in the dimension the head arrived on (a head fresh from its
//       node has no dimension: D = 0), else 0 — as the paper writes it, so with least E winning
//       a head prefers to turn (zig-zag), which keeps both dimensions open to it longer;
//   R = packets currently routed to that output port and not yet gone through it
//       (RouterView::requests: the channel's current requests);
//   the neighbour term = N1 + k·N2 for the speculative selections (speculative/), 0 for
//       local_status.
// Only free channels reach a selection function (the router offers the outputs with a free VC
// and takes a single one at once, selection_function.hpp), so F needs no term. Ties: the lower
// E, then the more credits on the free VC, then the earlier option in the routing's order —
// deterministic, and with Opt-y's order (x first) the straighter of equal choices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "models/network/selection/selection_function.hpp"

namespace net {

/// Which channels D marks: the paper's (those continuing in the arrival dimension, so a head
/// prefers to turn), or the other reading (those that turn, so it prefers to go straight) —
/// a key of its own, speculative.d_marks, to measure what the sign does.
enum class DimensionTerm : std::uint8_t { kStraight, kTurn };

/// E without its neighbour term.
inline double local_cost(const SelectionInput& at, const SelectionOption& option,
                         DimensionTerm d) {
  const bool straight = at.same_dimension(option);
  const bool marked = d == DimensionTerm::kStraight ? straight : !straight && !at.from_terminal;
  return (marked ? 1.0 : 0.0) + static_cast<double>(at.router.requests(option.port));
}

/// The index of the option with the least local_cost + neighbour_term(option).
template <class NeighbourTerm>
std::size_t least_cost_option(const SelectionInput& at, std::span<const SelectionOption> options,
                              DimensionTerm d, NeighbourTerm&& neighbour_term) {
  std::size_t best = 0;
  double best_cost = 0.0;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const double cost = local_cost(at, options[i], d) + neighbour_term(options[i]);
    if (i == 0 || cost < best_cost ||
        (cost == best_cost && options[i].credits > options[best].credits)) {
      best = i;
      best_cost = cost;
    }
  }
  return best;
}

}  // namespace net
