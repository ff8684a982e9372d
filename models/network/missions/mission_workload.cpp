// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/mission_workload.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "models/network/missions/mission_results.hpp"

namespace net::missions {

MissionWorkload::MissionWorkload(MissionParams params, std::uint64_t num_nodes,
                                 std::uint32_t dimension, bool half_duplex,
                                 bool store_and_forward, ScheduleMode opt_mode)
    : params_(std::move(params)),
      num_nodes_(num_nodes),
      dimension_(dimension),
      half_duplex_(half_duplex),
      store_and_forward_(store_and_forward),
      opt_mode_(opt_mode) {
  validate(params_, num_nodes_);
}

AlgorithmState MissionWorkload::initial_state(NodeId /*node*/) const {
  return AlgorithmState::of(MissionState{});
}

std::vector<NodeId> MissionWorkload::targets(NodeId node) const {
  std::vector<NodeId> out;
  if (params_.hot_spots == 0) {
    for (NodeId j = 0; j < num_nodes_; ++j) {
      if (j != node) out.push_back(j);
    }
  } else {
    for (std::uint64_t q = 0; q < params_.hot_spots; ++q) {
      const NodeId j = q * num_nodes_ / params_.hot_spots;
      if (j != node) out.push_back(j);
    }
  }
  return out;
}

std::uint32_t MissionWorkload::draw_length(pdes::Rng& rng) const {
  // Box-Muller: two uniforms per sample, always drawn.
  const double u1 = rng.uniform();
  const double u2 = rng.uniform();
  const double z = std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * std::numbers::pi * u2);
  const double x = (params_.length_mean + params_.length_sigma * z) *
                   static_cast<double>(params_.resolution);
  const double l = params_.rounding == "round" ? std::round(x) : std::floor(x);
  if (!(l >= 1.0)) return 0;
  return static_cast<std::uint32_t>(std::min(l, 65535.0));
}

void MissionWorkload::start(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const {
  begin_mission(node, state.get<MissionState>(), ctx);
}

void MissionWorkload::on_wake(NodeId node, AlgorithmState& state, WorkloadContext& ctx) const {
  MissionState& s = state.get<MissionState>();
  const std::uint64_t now = ctx.cycle();
  if (s.next_mission < params_.count && now == s.next_mission * params_.period * params_.resolution) {
    begin_mission(node, s, ctx);
  } else {
    release_due(s, ctx);
    schedule_next(s, ctx);
  }
}

void MissionWorkload::begin_mission(NodeId node, MissionState& s, WorkloadContext& ctx) const {
  const auto group = static_cast<std::uint32_t>(s.next_mission);
  const auto start = static_cast<std::int64_t>(ctx.cycle());
  for (const NodeId j : targets(node)) {
    if (!(ctx.rng().uniform() < params_.density)) continue;
    const std::uint32_t length = draw_length(ctx.rng());
    std::int64_t offset = 0;
    if (params_.delta_t > 0) {
      offset = static_cast<std::int64_t>(ctx.rng().uniform() *
                                         static_cast<double>(params_.delta_t + 1)) *
               static_cast<std::int64_t>(params_.resolution);
    }
    if (length == 0) continue;
    s.pending.push_back(PendingMessage{start + offset, static_cast<std::uint32_t>(j), length,
                                       group, 0});
  }
  std::stable_sort(s.pending.begin(), s.pending.end(),
                   [](const PendingMessage& a, const PendingMessage& b) { return a.cycle < b.cycle; });
  ++s.next_mission;
  release_due(s, ctx);
  schedule_next(s, ctx);
}

void MissionWorkload::release_due(MissionState& s, WorkloadContext& ctx) const {
  const auto now = static_cast<std::int64_t>(ctx.cycle());
  std::size_t k = 0;
  while (k < s.pending.size() && s.pending[k].cycle <= now) {
    ctx.send(s.pending[k].dst, s.pending[k].length, s.pending[k].group);
    ++k;
  }
  s.pending.erase(s.pending.begin(), s.pending.begin() + static_cast<std::ptrdiff_t>(k));
}

void MissionWorkload::schedule_next(const MissionState& s, WorkloadContext& ctx) const {
  std::int64_t next = -1;
  if (s.next_mission < params_.count) {
    next = static_cast<std::int64_t>(s.next_mission * params_.period * params_.resolution);
  }
  if (!s.pending.empty() && (next < 0 || s.pending.front().cycle < next)) {
    next = s.pending.front().cycle;
  }
  if (next >= 0) ctx.wake_at(static_cast<std::uint64_t>(next));
}

std::unique_ptr<ResultsExtension> MissionWorkload::make_results() const {
  return std::make_unique<MissionResults>(dimension_, half_duplex_, params_.period,
                                          params_.resolution, store_and_forward_,
                                          OptReference{params_.opt, opt_mode_,
                                                       static_cast<std::uint64_t>(
                                                           params_.opt_budget),
                                                       params_.cps_opt,
                                                       static_cast<std::uint64_t>(
                                                           params_.cps_iterations)});
}

}  // namespace net::missions
