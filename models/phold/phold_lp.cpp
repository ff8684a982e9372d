// SPDX-License-Identifier: Apache-2.0
#include "models/phold/phold_lp.hpp"

#include <algorithm>
#include <cmath>

namespace phold {

pdes::SimTime PholdLp::draw_delay(pdes::Rng& rng) const {
  const double units = params_.lookahead + rng.exponential(params_.mean_delay);
  const auto ticks = std::llround(units * static_cast<double>(kTicksPerUnit));
  return pdes::SimTime{std::max<std::int64_t>(ticks, 1)};
}

pdes::LpId PholdLp::draw_destination(pdes::LpId self, pdes::Rng& rng, bool& remote) const {
  remote = params_.remote_fraction > 0.0 && rng.bernoulli(params_.remote_fraction);
  if (!remote) return self;
  // Uniform over the LPs outside the sender's group [first, first + size).
  const std::uint64_t first = self.value() / params_.group_size * params_.group_size;
  const std::uint64_t size = std::min(params_.group_size, params_.lps - first);
  const std::uint64_t pick = rng.uniform_int(params_.lps - size);
  return pdes::LpId{pick < first ? pick : pick + size};
}

void PholdLp::on_init(PholdState& /*state*/, pdes::Context<PholdEvent>& ctx) const {
  for (std::uint64_t i = 0; i < params_.start_events; ++i) {
    ctx.send(ctx.self(), draw_delay(ctx.rng()), PholdEvent{});
  }
}

void PholdLp::on_event(const PholdEvent& event, PholdState& state,
                       pdes::Context<PholdEvent>& ctx) const {
  ++state.events_received;
  bool remote = false;
  const pdes::LpId dest = draw_destination(ctx.self(), ctx.rng(), remote);
  if (remote) ++state.remote_sent;
  ctx.send(dest, draw_delay(ctx.rng()), PholdEvent{event.hops + 1});
}

}  // namespace phold
