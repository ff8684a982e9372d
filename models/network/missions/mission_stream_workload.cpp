// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/mission_stream_workload.hpp"

#include <cmath>
#include <string>

#include "pdes/error.hpp"

namespace net::missions {

MissionStreamWorkload::MissionStreamWorkload(MissionParams params, std::uint64_t num_nodes)
    : params_(params), num_nodes_(num_nodes), generator_(params, num_nodes, 1, true) {
  if (!(params_.interarrival > 0.0)) {
    throw pdes::ConfigError("mission.interarrival",
                            "must be > 0 time units with workload.kind = \"mission_stream\"");
  }
}

AlgorithmState MissionStreamWorkload::initial_state(NodeId /*node*/) const {
  return AlgorithmState::of(StreamState{});
}

void MissionStreamWorkload::start(NodeId node, AlgorithmState& state,
                                  WorkloadContext& ctx) const {
  StreamState& s = state.get<StreamState>();
  s.next = 0;
  const double res = static_cast<double>(params_.resolution);
  s.next = 1 + static_cast<std::int64_t>(std::floor(ctx.rng().exponential(params_.interarrival) * res));
  arrivals(node, s, ctx);
}

void MissionStreamWorkload::on_wake(NodeId node, AlgorithmState& state,
                                    WorkloadContext& ctx) const {
  arrivals(node, state.get<StreamState>(), ctx);
}

void MissionStreamWorkload::arrivals(NodeId node, StreamState& s, WorkloadContext& ctx) const {
  const auto now = static_cast<std::int64_t>(ctx.cycle());
  const double res = static_cast<double>(params_.resolution);
  const auto end = static_cast<std::int64_t>(params_.duration * params_.resolution);
  const std::vector<NodeId> targets = generator_.targets(node);
  while (s.next <= now && s.next < end) {
    const NodeId dst = targets[static_cast<std::size_t>(ctx.rng().uniform() *
                                                        static_cast<double>(targets.size()))];
    const std::uint32_t length = generator_.draw_length(ctx.rng());
    if (length > 0) ctx.send(dst, length, 0);
    s.next += 1 + static_cast<std::int64_t>(std::floor(ctx.rng().exponential(params_.interarrival) * res));
  }
  if (s.next < end) ctx.wake_at(static_cast<std::uint64_t>(s.next));
}

}  // namespace net::missions
