// SPDX-License-Identifier: Apache-2.0
//
// OnOffInjection: bursty traffic from a two-state Markov-modulated Bernoulli process (MMBP).
// Each cycle of a node is ON or OFF. ON and OFF periods alternate; their lengths are geometric
// on {1, 2, ...} with means mean_on and mean_off cycles (traffic.on_off.mean_on, .mean_off), i.e.
// the state flips after each cycle with probability 1/mean_on (ON) or 1/mean_off (OFF). In an ON
// cycle the node generates a packet with probability
//
//   rate_on = rate * (mean_on + mean_off) / mean_on,
//
// in an OFF cycle never, so that the long-run rate is `rate` (the offered load, as for every
// process) and bursts run at the peak load rate_on * packet size (peak_load),
// which must not exceed one flit per cycle. Nodes burst independently (own streams).
//
// At the start of a segment (the run, or a phase occurrence) the state is drawn from the
// stationary distribution: ON with probability mean_on / (mean_on + mean_off); by the memoryless
// property the remaining length of that first period has the same law as a whole period. The
// process is event-driven: it draws period lengths and Bernoulli gaps, never cycle by cycle.
//
// Limitations: the burst length and silence are geometric (a Markov chain), not heavy-tailed.
#pragma once

#include <any>
#include <memory>
#include <string_view>

#include "io/config/part_config.hpp"
#include "models/network/node/injection_process.hpp"

namespace net {

inline constexpr std::string_view kMeanOnKey = "traffic.on_off.mean_on";
inline constexpr std::string_view kMeanOffKey = "traffic.on_off.mean_off";

/// [traffic.on_off]
struct OnOffParams {
  double mean_on_cycles = 100.0;   ///< mean length of a burst (cycles, >= 1)
  double mean_off_cycles = 900.0;  ///< mean length of a silence (cycles, >= 1)
};

struct InjectionSetup;

class OnOffInjection final : public InjectionProcess {
 public:
  /// Means in cycles, >= 1.
  OnOffInjection(double mean_on_cycles, double mean_off_cycles);
  /// Throws pdes::ConfigError naming the key of a mean below one cycle.
  static std::unique_ptr<InjectionProcess> create(const InjectionSetup& setup);
  /// [traffic.on_off], active while traffic.injection = "on_off".
  static io::PartConfig config();

  std::string_view name() const override { return "on_off"; }
  void begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
             pdes::Rng& rng) const override;
  std::optional<Arrival> next(std::uint64_t from, std::uint64_t end, double rate,
                              InjectionState& state, pdes::Rng& rng) const override;

  /// The probability of a packet in an ON cycle for a mean rate `rate`.
  double rate_on(double rate) const { return rate * (mean_on_ + mean_off_) / mean_on_; }
  /// The load during a burst: load * (mean_on + mean_off) / mean_on.
  double peak_load(double load) const override { return rate_on(load); }

 private:
  const double mean_on_;
  const double mean_off_;
};

}  // namespace net
