// SPDX-License-Identifier: Apache-2.0
//
// SpeculativeSelection: seed 002's speculative selection (SSR). Among the free output channels
// it takes the one with the least E = D + R + N1 (`speculative_1hop`) or
// E = D + R + N1 + k·N2 (`speculative_2hop`, k = speculative.k), where N1 and N2 are the LUCs of
// the routers one and two hops away in that channel's direction as last exchanged
// (status_exchange.hpp; D, R and the tie-break: channel_cost.hpp).
//
// Both levels run the same exchange at the same link cost (the paper gives its cost for the
// two-hop configuration); the 1-hop level only ignores the relayed values. Every value used is
// tallied by its age (now - when its origin sampled it), reported as the network/status_age
// table and the "status age" figures.
//
// "When all channels are busy the least E tells the message which to wait for" (the paper): the
// router here re-runs the selection on every pass until some channel frees, and a single free
// channel is then taken at once, so a blocked head is never committed to one busy channel.
#pragma once

#include <cstdint>

#include "models/network/selection/selection_function.hpp"
#include "models/network/selection/speculative/status_exchange.hpp"

namespace net::speculative {

class SpeculativeSelection final : public SelectionFunction {
 public:
  /// `level`: 1 or 2 hops; `cycle_ticks`: the router cycle, to report ages in cycles.
  SpeculativeSelection(std::uint32_t level, const Topology& topology, std::int64_t cycle_ticks,
                       SpeculativeParams params);

  std::string_view name() const override;
  AlgorithmState initial_state(RouterId router) const override {
    return exchange_.initial_state(router);
  }
  const RouterMonitor* router_monitor() const override { return &exchange_; }
  /// The age of the status values at use: network/status_age and its figures.
  std::unique_ptr<ResultsExtension> make_results() const override;
  std::size_t select(const SelectionInput& at, std::span<const SelectionOption> options,
                     AlgorithmState& state, pdes::Rng& rng) const override;

 private:
  std::uint32_t level_;
  std::int64_t cycle_ticks_;
  StatusExchange exchange_;
};

}  // namespace net::speculative
