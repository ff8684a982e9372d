// SPDX-License-Identifier: Apache-2.0
//
// FirstSelection (`first`): the first admissible output in the routing's order — the routing's
// own preference decides (for dimension-ordered candidate lists, the lowest dimension).
#pragma once

#include "models/network/selection/selection_function.hpp"

namespace net {

class FirstSelection final : public SelectionFunction {
 public:
  std::string_view name() const override { return "first"; }
  std::size_t select(const SelectionInput& /*at*/, std::span<const SelectionOption> /*options*/,
                     AlgorithmState& /*state*/, pdes::Rng& /*rng*/) const override {
    return 0;
  }
};

}  // namespace net
