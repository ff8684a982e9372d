// SPDX-License-Identifier: Apache-2.0
//
// SpeculativeParams: the [speculative] section, read when router.selection is
// speculative_1hop or speculative_2hop (seed 002; docs/reproduction/speculative.md).
//
//   speculative.k                  weight of the 2-hop status N2 in E (the paper: 0.5); >= 0
//   speculative.period_cycles      one status exchange every this many cycles (the paper: 100)
//   speculative.handshake_cycles   link cycles of the exchange's handshake (the paper: 2)
//   speculative.data_cycles        link cycles of its data (the paper: 8)
//   speculative.d_marks            which channels D = 1 marks: "straight" (the paper: the
//                                  channel in the arrival dimension) or "turn" (ours, to measure
//                                  the sign); also read by local_status
//   speculative.status_exchange    "seed" (the paper's exchange as above) or "ideal" (ours, an
//                                  ablation: every cycle, holding no link time, so the values
//                                  are at most 1 (1 hop) or 3 (2 hops) cycles old and cost nothing; the four keys above
//                                  are then not used by the exchange), or "ideal_charged"
//                                  (ours: the ideal values, and the links held as "seed" holds
//                                  them by messages nobody reads)
// The section is also read by `straight_charged` (straight selection with the exchange running
// on the links but its values unused: the exchange's link cost alone).
// The section is read when router.selection is local_status (d_marks only) or a speculative one.
// The exchange holds every link handshake + data cycles per period; a period shorter than that
// is an error naming speculative.period_cycles.
#pragma once

#include <cstdint>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/selection/channel_cost.hpp"

namespace net::speculative {

/// speculative.status_exchange: what the status costs and how fresh it is.
enum class ExchangeMode : std::uint8_t {
  kSeed,   ///< "seed": period_cycles, handshake + data cycles on every link
  kIdeal,  ///< "ideal": every cycle, no link time (free and as fresh as the links allow)
  /// "ideal_charged": the ideal values, and the links held as "seed" holds them (a message of
  /// handshake + data cycles every period whose content is not used): fresh status at the
  /// seed's link cost.
  kIdealCharged,
};

struct SpeculativeParams {
  double k = 0.5;
  std::uint32_t period_cycles = 100;
  std::uint32_t handshake_cycles = 2;
  std::uint32_t data_cycles = 8;
  /// speculative.d_marks: "straight" (the paper as written) or "turn".
  DimensionTerm d_marks = DimensionTerm::kStraight;
  ExchangeMode exchange = ExchangeMode::kSeed;

  std::uint32_t exchange_cycles() const { return handshake_cycles + data_cycles; }
  /// What the exchange runs with: the seed's keys, or 1 cycle and no link time when ideal.
  std::uint32_t effective_period_cycles() const {
    return exchange == ExchangeMode::kSeed ? period_cycles : 1;
  }
  std::uint32_t effective_link_cycles() const {
    return exchange == ExchangeMode::kSeed ? exchange_cycles() : 0;
  }
  /// Whether, besides the values' exchange, the links are held every period_cycles for
  /// exchange_cycles() by messages nobody reads ("ideal_charged").
  bool charges_links_apart() const { return exchange == ExchangeMode::kIdealCharged; }
  /// Throws pdes::ConfigError naming the key at fault.
  void validate() const;
};

void declare_speculative_section(io::Schema& schema);
/// Throws pdes::ConfigError (validate()).
SpeculativeParams speculative_params_from(const io::Config& config);

}  // namespace net::speculative
