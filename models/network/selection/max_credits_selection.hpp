// SPDX-License-Identifier: Apache-2.0
//
// MaxCreditsSelection (`max_credits`, the default): the output whose free VC has the most
// credits, the earlier one in the routing's order on a tie — a local, congestion-aware choice
// (BookSim2's adaptive routing functions pick the same way).
#pragma once

#include "models/network/selection/selection_function.hpp"

namespace net {

class MaxCreditsSelection final : public SelectionFunction {
 public:
  std::string_view name() const override { return "max_credits"; }
  std::size_t select(const SelectionInput& /*at*/, std::span<const SelectionOption> options,
                     AlgorithmState& /*state*/, pdes::Rng& /*rng*/) const override {
    std::size_t best = 0;
    for (std::size_t i = 1; i < options.size(); ++i) {
      if (options[i].credits > options[best].credits) best = i;
    }
    return best;
  }
};

}  // namespace net
