// SPDX-License-Identifier: Apache-2.0
//
// PrDrbRouting: Predictive Routing Balancing (PR-DRB) and Fast-Response DRB (FR-DRB), the
// `prdrb` value of network.routing (seed 004 chapters 3–4, seed 003;
// docs/prdrb.md). DRB that learns:
//   - routers detect the flows that contend at a congested output and notify them
//     (ContentionDetector, either design of prdrb.notification);
//   - sources keep, per congestion situation, the path set that solved it and re-apply it at
//     once when the situation recurs (PrDrbSource, SolutionDatabase);
//   - underneath, DRB unchanged (routing/drb/): the multi-step routes, VC classes, ACKs and
//     MSP Selection are DrbRouting's, so PR-DRB runs wherever DRB does.
// prdrb.predictive = false with prdrb.watchdog > 0 is FR-DRB; both true is "FR-DRB
// predictive" (§4.8.4).
#pragma once

#include <memory>
#include <string_view>

#include "models/network/routing/drb/drb_routing.hpp"
#include "models/network/routing/prdrb/contention_detector.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "models/network/routing/prdrb/prdrb_source.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/routing/drb/feedback_agent.hpp"
#include "models/network/routing/drb/source_routing.hpp"

namespace net::prdrb {

class PrDrbRouting final : public RoutingAlgorithm, public drb::SourceRouting {
 public:
  static constexpr std::string_view kName = "prdrb";

  /// Throws pdes::ConfigError naming the key (PrDrbParams::validate, validate_watchdog against
  /// `longest_round_trip` cycles; DRB's own errors, e.g. a topology DRB does not support).
  PrDrbRouting(const Topology& topology, const PrDrbParams& params,
               drb::ZeroLoadLatency zero_load, std::int64_t cycle_ticks,
               double longest_round_trip, TorusTie tie = TorusTie::kPlus);
  // The agent refers to this object: it stays where it was built.
  PrDrbRouting(const PrDrbRouting&) = delete;
  PrDrbRouting& operator=(const PrDrbRouting&) = delete;

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return drb_.vc_classes(); }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override {
    drb_.route(at, head, out);
  }
  RouteLabel label(const Flit& flit) const override { return drb_.label(flit); }
  bool continue_from(NodeId here, Flit& head) const override {
    return drb_.continue_from(here, head);
  }
  /// No detection without the predictive module, nor when DRB can never leave the canonical
  /// path (drb.max_width = 1: no ACKs, nothing to re-apply).
  const RouterMonitor* router_monitor() const override {
    return params_.predictive && !drb_.canonical_only() ? &detector_ : nullptr;
  }
  /// DRB's node agent over PR-DRB's source side (drb/feedback_agent.hpp).
  const NodeAgent* node_agent() const override { return &agent_; }
  std::unique_ptr<ResultsExtension> make_results() const override;

  AlgorithmState initial_state(NodeId self) const override;
  /// Uses head.injected as the current time (NodeLp sets it before prepare).
  void prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const override;
  drb::AckDelivery acks() const override { return drb_.acks(); }
  void make_ack(const Flit& tail, Flit& ack) const override { drb_.make_ack(tail, ack); }
  bool acknowledges(NodeId self, const Flit& tail) const override {
    return drb_.acknowledges(self, tail);
  }
  void on_ack(NodeId self, const Flit& ack, std::int64_t now,
              AlgorithmState& state) const override;
  void on_control(NodeId self, const ControlMessage& message, std::int64_t now,
                  AlgorithmState& state) const override;
  void on_finish(NodeId self, const AlgorithmState& state,
                 pdes::CommitContext& ctx) const override;

  const PrDrbParams& params() const { return params_; }
  const PrDrbSource& source() const { return source_; }

 private:
  PrDrbParams params_;
  drb::DrbRouting drb_;
  PrDrbSource source_;
  ContentionDetector detector_;
  drb::FeedbackAgent agent_;  ///< over *this; last, so that acks() can be asked when it is built
};

}  // namespace net::prdrb
