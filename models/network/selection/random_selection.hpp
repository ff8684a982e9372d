// SPDX-License-Identifier: Apache-2.0
//
// RandomSelection (`random`): an admissible output uniformly at random, drawn from the router's
// stream (one draw per choice among two or more outputs).
#pragma once

#include "models/network/selection/selection_function.hpp"

namespace net {

class RandomSelection final : public SelectionFunction {
 public:
  std::string_view name() const override { return "random"; }
  std::size_t select(const SelectionInput& /*at*/, std::span<const SelectionOption> options,
                     AlgorithmState& /*state*/, pdes::Rng& rng) const override {
    return static_cast<std::size_t>(rng.uniform_int(options.size()));
  }
};

}  // namespace net
