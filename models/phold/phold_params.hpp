// SPDX-License-Identifier: Apache-2.0
//
// PholdParams: the parameters of the PHOLD benchmark, as in ROSS's models/phold.
//
// PHOLD (Fujimoto 1990): a fixed population of events moves between LPs. Each LP starts with
// `start_events` events. Executing an event schedules exactly one new one, at
// now + lookahead + Exp(mean_delay), on the same LP or, with probability `remote_fraction`, on
// an LP drawn uniformly from the other groups. Groups are contiguous blocks of `group_size` LP
// ids (the last one may be smaller); they let a benchmark make "remote" mean "on another rank"
// while the results stay independent of the rank count. With the default group_size = 1,
// remote means "any other LP", as in ROSS.
//
// Differences from ROSS, by design:
//   - time is integer: one PHOLD time unit is kTicksPerUnit ticks, and every delay is rounded
//     to ticks and is at least one tick (the kernel forbids zero delays);
//   - a remote destination is never the sender's own group (ROSS may pick the sender itself).
#pragma once

#include <cstdint>

namespace phold {

/// Kernel ticks per PHOLD time unit.
inline constexpr std::int64_t kTicksPerUnit = 1'000'000;

struct PholdParams {
  std::uint64_t lps = 1024;
  std::uint64_t start_events = 16;
  double mean_delay = 1.0;       ///< time units
  double lookahead = 0.1;        ///< time units
  double remote_fraction = 0.25;
  std::uint64_t group_size = 1;  ///< LPs per group

  std::uint64_t group_count() const { return (lps + group_size - 1) / group_size; }
};

}  // namespace phold
