// SPDX-License-Identifier: Apache-2.0
//
// LocalStatusSelection (`local_status`): seed 002's selection on the router's own status only —
// F (only free channels are offered), D and R: the least E = D + R (channel_cost.hpp). The
// baseline against which the speculative selections show what the neighbours' status adds; it
// exchanges nothing and costs no link time. Of the [speculative] section it reads only d_marks.
#pragma once

#include "models/network/selection/channel_cost.hpp"

namespace net {

class LocalStatusSelection final : public SelectionFunction {
 public:
  explicit LocalStatusSelection(DimensionTerm d = DimensionTerm::kStraight) : d_(d) {}
  std::string_view name() const override { return "local_status"; }
  std::size_t select(const SelectionInput& at, std::span<const SelectionOption> options,
                     AlgorithmState& /*state*/, pdes::Rng& /*rng*/) const override {
    return least_cost_option(at, options, d_, [](const SelectionOption&) { return 0.0; });
  }

 private:
  DimensionTerm d_;
};

}  // namespace net
