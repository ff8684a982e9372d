// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/prdrb_routing.hpp"

#include "models/network/routing/drb/drb_header.hpp"
#include "models/network/routing/prdrb/prdrb_results.hpp"

namespace net::prdrb {

namespace {

const PrDrbParams& validated(const PrDrbParams& params, const Topology& topology,
                             double longest_round_trip) {
  params.validate(topology);
  params.validate_watchdog(longest_round_trip);
  return params;
}

}  // namespace

PrDrbRouting::PrDrbRouting(const Topology& topology, const PrDrbParams& params,
                           drb::ZeroLoadLatency zero_load, std::int64_t cycle_ticks,
                           double longest_round_trip, TorusTie tie)
    : params_(validated(params, topology, longest_round_trip)),
      drb_(topology, params_.drb, zero_load, tie),
      source_(topology, drb_, params_, cycle_ticks),
      detector_(topology, params_),
      agent_(*this, *this, drb_.acks()) {}

std::unique_ptr<ResultsExtension> PrDrbRouting::make_results() const {
  return std::make_unique<PrDrbResults>();
}

AlgorithmState PrDrbRouting::initial_state(NodeId /*self*/) const {
  return AlgorithmState::of(SourceState{});
}

void PrDrbRouting::prepare(NodeId self, Flit& head, AlgorithmState& state,
                           pdes::Rng& rng) const {
  source_.prepare(state.get<SourceState>(), self, head, head.injected, rng);
}

void PrDrbRouting::on_ack(NodeId self, const Flit& ack, std::int64_t now,
                          AlgorithmState& state) const {
  const drb::DrbAckHeader h = ack.route.get<drb::DrbAckHeader>();
  source_.on_ack(state.get<SourceState>(), self, ack.src, ack.seq, h.path, h.blocked_cycles,
                 now);
}

void PrDrbRouting::on_control(NodeId self, const ControlMessage& message, std::int64_t /*now*/,
                              AlgorithmState& state) const {
  source_.on_notice(state.get<SourceState>(), self, message.topic,
                    message.body.get<CongestionNotice>());
}

void PrDrbRouting::on_finish(NodeId self, const AlgorithmState& state,
                             pdes::CommitContext& ctx) const {
  const SourceState& s = state.get<SourceState>();
  const SourceCounters& c = s.counters;
  if (c == SourceCounters{} && s.database.size() == 0) return;
  SourceTotals t;
  t.node = static_cast<std::uint32_t>(self);
  t.entries = static_cast<std::uint32_t>(s.database.size());
  for (const SavedSolution& e : s.database.entries()) t.recurring += e.uses > 0 ? 1 : 0;
  t.notifications = c.notifications;
  t.lookups = c.lookups;
  t.hits = c.hits;
  t.misses = c.misses;
  t.saved = c.saved;
  t.replaced = c.replaced;
  t.evicted = c.evicted;
  t.stale = c.stale;
  t.watchdog = c.watchdog;
  t.widenings = c.widenings;
  ctx.emit(t);
}

}  // namespace net::prdrb
