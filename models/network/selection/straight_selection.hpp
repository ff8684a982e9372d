// SPDX-License-Identifier: Apache-2.0
//
// StraightSelection (`straight`): keep going in the dimension the head arrived on when that
// output is admissible, otherwise the first admissible output in the routing's order. The
// oblivious "straight" selection that seed 002 compares its speculative selection with: a head
// turns as rarely as it can. A head fresh from its node has no dimension and takes the first.
#pragma once

#include "models/network/selection/selection_function.hpp"

namespace net {

class StraightSelection final : public SelectionFunction {
 public:
  std::string_view name() const override { return "straight"; }
  std::size_t select(const SelectionInput& at, std::span<const SelectionOption> options,
                     AlgorithmState& /*state*/, pdes::Rng& /*rng*/) const override {
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (at.same_dimension(options[i])) return i;
    }
    return 0;
  }
};

}  // namespace net
