// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/synthetic_workload.hpp"

#include <cstdio>

#include <optional>
#include <utility>

#include "pdes/error.hpp"

namespace net {

SyntheticWorkload::SyntheticWorkload(std::shared_ptr<const TrafficSource> source,
                                     std::uint32_t packet_size, std::string summary)
    : source_(std::move(source)), packet_size_(packet_size), summary_(std::move(summary)) {}

namespace {

std::string format_load(double load) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", load);
  return buffer;
}

}  // namespace

std::string traffic_summary(const NetworkParams& p) {
  std::string out;
  if (p.phases.empty()) {
    out = p.pattern + " at " + format_load(p.load) + " flits/node/cycle";
  } else {
    out = std::to_string(p.phases.size()) + " phases (";
    for (std::size_t i = 0; i < p.phases.size(); ++i) {
      if (i > 0) out += ", ";
      out += p.phases[i].pattern + " " + format_load(p.phases[i].load) + " for " +
             std::to_string(p.phases[i].duration_cycles);
    }
    out +=
        p.phases_repeat == kRepeatForever ? "), repeated" : ") x" + std::to_string(p.phases_repeat);
  }
  return out + ", " + p.injection.kind + ", " +
         std::to_string(p.packet_size) + "-flit packets";
}

AlgorithmState SyntheticWorkload::initial_state(NodeId /*node*/) const {
  return AlgorithmState::of(InjectionState{});
}

void SyntheticWorkload::schedule(NodeId node, InjectionState& state, WorkloadContext& ctx,
                                 std::uint64_t from_cycle) const {
  const std::optional<Generation> g = source_->next(from_cycle, node, state, ctx.rng());
  if (!g) return;
  state.pending_packets = g->packets;
  ctx.wake_at(g->cycle);
}

void SyntheticWorkload::start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const {
  schedule(node, state.get<InjectionState>(), ctx, 1);
}

void SyntheticWorkload::on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const {
  InjectionState& injection = state.get<InjectionState>();
  const std::uint64_t cycle = ctx.cycle();
  const std::optional<PhaseSegment> segment = source_->schedule().segment_at(cycle);
  PDES_CHECK(segment.has_value(), "a generation after the last phase");
  const std::uint32_t phase = segment->phase;
  for (std::uint32_t i = 0; i < injection.pending_packets; ++i) {
    ctx.send(source_->destination(phase, node, ctx.rng()), packet_size_, phase);
  }
  schedule(node, injection, ctx, cycle + 1);
}

}  // namespace net
