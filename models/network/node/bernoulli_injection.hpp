// SPDX-License-Identifier: Apache-2.0
//
// BernoulliInjection: in every cycle a node generates one packet with probability `rate`
// (= load / packet size), independently of every other cycle: BookSim2's
// injection_process = bernoulli. At most one packet per cycle.
//
// Sampled event-driven: the gap to the next packet is geometric on {1, 2, ...} (one draw per
// packet, none per idle cycle). Memoryless, so restarting it at a segment boundary changes
// nothing in distribution. Draws exactly as the original NodeLp did (a packet's destination,
// then its successor's gap), so runs with the default process keep their results.
#pragma once

#include "models/network/node/injection_process.hpp"

namespace net {

class BernoulliInjection final : public InjectionProcess {
 public:
  std::string_view name() const override { return "bernoulli"; }
  void begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
             pdes::Rng& rng) const override;
  std::optional<Arrival> next(std::uint64_t from, std::uint64_t end, double rate,
                              InjectionState& state, pdes::Rng& rng) const override;
};

}  // namespace net
