// SPDX-License-Identifier: Apache-2.0
//
// StraightChargedSelection (`straight_charged`, ours): Opt-y's straight selection
// (straight_selection.hpp) on a network that runs seed 002's status exchange anyway
// (status_exchange.hpp, the [speculative] section) and ignores its values. It charges straight
// with the links the exchange holds (10 cycles in every 100 in the seed), so that SSR against
// it isolates what the rule and its stale values do, and straight against it what the
// exchange's link time alone costs (docs/reproduction/speculative.md).
#pragma once

#include "models/network/selection/straight_selection.hpp"
#include "models/network/selection/speculative/status_exchange.hpp"

namespace net::speculative {

class StraightChargedSelection final : public SelectionFunction {
 public:
  StraightChargedSelection(const Topology& topology, SpeculativeParams params)
      : exchange_(topology, params) {}

  std::string_view name() const override { return "straight_charged"; }
  AlgorithmState initial_state(RouterId router) const override {
    return exchange_.initial_state(router);
  }
  const RouterMonitor* router_monitor() const override { return &exchange_; }
  std::size_t select(const SelectionInput& at, std::span<const SelectionOption> options,
                     AlgorithmState& state, pdes::Rng& rng) const override {
    return straight_.select(at, options, state, rng);
  }

 private:
  StraightSelection straight_;
  StatusExchange exchange_;
};

}  // namespace net::speculative
