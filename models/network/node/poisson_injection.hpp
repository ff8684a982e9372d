// SPDX-License-Identifier: Apache-2.0
//
// PoissonInjection: packets arrive as a Poisson process of `rate` packets per cycle in
// continuous time (exponential gaps of mean 1/rate), and each is generated at the end of the
// cycle it arrives in, i.e. at the next whole cycle (ceil). Several packets may therefore be
// generated in one cycle; the number per cycle is Poisson(rate), and the long-run rate is
// exactly `rate`. (Rounding each *gap* up to a whole cycle instead would lower the rate by about
// half a cycle per packet, and forbid two packets in a cycle.)
//
// Compared with Bernoulli at the same load: the same mean, a higher variance of the packets per
// cycle (rate rather than rate (1 - rate)); the difference shows at high per-node rates.
//
// State: the continuous time of the next arrival (InjectionState::clock), drawn one arrival
// ahead. Memoryless: restarting at a segment boundary changes nothing in distribution.
#pragma once

#include "models/network/node/injection_process.hpp"

namespace net {

class PoissonInjection final : public InjectionProcess {
 public:
  std::string_view name() const override { return "poisson"; }
  void begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
             pdes::Rng& rng) const override;
  std::optional<Arrival> next(std::uint64_t from, std::uint64_t end, double rate,
                              InjectionState& state, pdes::Rng& rng) const override;
};

}  // namespace net
