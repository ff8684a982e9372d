// SPDX-License-Identifier: Apache-2.0
#include "models/network/selection/speculative/speculative_params.hpp"

#include <cmath>
#include <string>

#include "pdes/error.hpp"

namespace net::speculative {

void SpeculativeParams::validate() const {
  if (!(k >= 0.0) || !std::isfinite(k)) {
    throw pdes::ConfigError("speculative.k", "must be a finite number >= 0, not " +
                                                 std::to_string(k));
  }
  if (exchange_cycles() == 0) {
    throw pdes::ConfigError("speculative.data_cycles",
                            "the exchange must last at least one cycle (handshake + data = 0)");
  }
  if (period_cycles < exchange_cycles()) {
    throw pdes::ConfigError(
        "speculative.period_cycles",
        std::to_string(period_cycles) + " is shorter than the exchange it repeats (" +
            "handshake_cycles + data_cycles = " + std::to_string(exchange_cycles()) + ")");
  }
}

void declare_speculative_section(io::Schema& s) {
  const SpeculativeParams d;
  s.describe_section("speculative",
                     "Seed 002's selections: E's terms and the status exchange (read when "
                     "router.selection is local_status, speculative_1hop or speculative_2hop; "
                     "docs/reproduction/speculative.md)");
  s.add_float("speculative.k", d.k)
      .min(0.0)
      .finite()
      .describe("Weight k of the 2-hop status in E = D + R + N1 + k*N2 (seed 002: 0.5); >= 0");
  s.add_int("speculative.period_cycles", d.period_cycles)
      .range(1, 1 << 30)
      .unit("cycles")
      .describe("One status exchange every this many cycles (seed 002: 100); at least "
                "handshake_cycles + data_cycles");
  s.add_int("speculative.handshake_cycles", d.handshake_cycles)
      .range(0, 1 << 20)
      .unit("cycles")
      .describe("Link cycles of the exchange's handshake (seed 002: 2)");
  s.add_int("speculative.data_cycles", d.data_cycles)
      .range(0, 1 << 20)
      .unit("cycles")
      .describe("Link cycles of the exchange's data (seed 002: 8); the link carries no flit "
                "during handshake + data");
  s.add_choice("speculative.d_marks", "straight", {"straight", "turn"})
      .describe("Which channels D = 1 marks in E: straight (seed 002 as written: the channel in "
                "the dimension the head arrived on, so heads prefer to turn) or turn [ours]");
  s.add_choice("speculative.status_exchange", "seed", {"seed", "ideal", "ideal_charged"})
      .describe("seed (the exchange every period_cycles, holding each link handshake + data "
                "cycles), ideal [ours, an ablation: every cycle, holding no link time] or "
                "ideal_charged [ours: ideal values, and the links held as seed holds them]");
}

SpeculativeParams speculative_params_from(const io::Config& config) {
  SpeculativeParams p;
  p.d_marks = config.get_string("speculative.d_marks") == "turn" ? DimensionTerm::kTurn
                                                                 : DimensionTerm::kStraight;
  const std::string exchange = config.get_string("speculative.status_exchange");
  p.exchange = exchange == "ideal"           ? ExchangeMode::kIdeal
               : exchange == "ideal_charged" ? ExchangeMode::kIdealCharged
                                             : ExchangeMode::kSeed;
  p.k = config.get_float("speculative.k");
  p.period_cycles = static_cast<std::uint32_t>(config.get_int("speculative.period_cycles"));
  p.handshake_cycles = static_cast<std::uint32_t>(config.get_int("speculative.handshake_cycles"));
  p.data_cycles = static_cast<std::uint32_t>(config.get_int("speculative.data_cycles"));
  p.validate();
  return p;
}

}  // namespace net::speculative
