// SPDX-License-Identifier: Apache-2.0
//
// judge_saturation: whether a run's network saturated, from its combined tables
// (docs/saturation.md gives the literature's definition beside this one, and the measurements
// behind the constants). Any one of three signs is enough:
//
//   source behind    of the flits a source offered in the measurement interval, more are still
//                    undelivered at the end of the run than it offers in kSourceLatencies of its
//                    mean network latencies plus kSourcePackets mean packets (network/sources;
//                    a source none of whose measured packets arrived is judged by the network's
//                    mean network latency). Catches flows that saturate while the others keep up.
//   latency growing  the mean latency of the packets delivered in the second half of the
//                    measurement's whole windows exceeds that of the first half by more than
//                    kLatencyGrowth (network/time_series; each half needs kTrendMinPackets).
//                    Catches the slow start of saturation, when queues grow but are still short.
//   network behind   over the windows lying wholly in the second half of the interval, fewer
//                    than kNetworkShare of the flits generated were delivered.
//
// "Cannot tell" (saturated empty) when no sign says yes and fewer than two windows lie wholly in
// the second half of the interval, or nothing was offered there.
//
// Everything is computed from integer tables whose rows do not depend on the rank count, spread
// over the ranks (io::DistributedTables): integer sums are reduced across ranks, and the
// per-source test, which compares floating-point shares and keeps the first worst source in
// node order, is a fold that visits the sources in node order as one process would. The
// verdict is bit-identical on any rank count, and no rank holds a whole table.
//
//   const SaturationVerdict v = judge_saturation(tables, interval);   // collective
//   if (v.saturated && *v.saturated) ...
//   append_saturation_figures(v, figures);   // the summary's rows
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/results/distributed_tables.hpp"
#include "models/figure.hpp"

namespace net {

inline constexpr double kNetworkShare = 0.95;
inline constexpr double kSourceLatencies = 4.0;
inline constexpr double kSourcePackets = 2.0;
inline constexpr double kLatencyGrowth = 0.20;
inline constexpr std::uint64_t kTrendMinPackets = 100;

struct SaturationInterval {
  std::uint64_t warmup_cycle = 0;
  std::uint64_t end_cycle = 0;  ///< exclusive, > warmup_cycle
  std::uint64_t window_cycles = 1;
  std::int64_t ticks_per_cycle = 1;
};

struct SaturationVerdict {
  std::optional<bool> saturated;  ///< empty: cannot tell (unknown_reason says why)
  std::string unknown_reason;

  // Source test: judged when some source offered flits and a measured packet arrived somewhere.
  bool sources_judged = false;
  std::uint64_t sources_behind = 0;
  std::uint64_t worst_source = 0;      ///< node id of the source furthest behind
  double worst_delivered_share = 1.0;  ///< of its offered flits, delivered by the end
  double worst_allowed_share = 1.0;    ///< the least share its allowance accepts

  // Latency trend: judged with at least two whole windows and enough packets in each half.
  std::optional<double> latency_growth;  ///< second half's mean latency / first half's - 1
  bool latency_growing = false;

  // Network test: judged with at least two whole windows in the second half and traffic there.
  bool network_judged = false;
  double backlog_growth = 0.0;          ///< (generated - delivered) / generated
  std::uint64_t second_half_begin = 0;  ///< cycles over which backlog_growth was measured
  std::uint64_t second_half_end = 0;
  bool network_behind = false;
};

/// Collective. Reads network/nodes (packets_generated, flits_generated), network/sources (if
/// the results have it: otherwise no source test) and network/time_series.
SaturationVerdict judge_saturation(const io::DistributedTables& tables,
                                   const SaturationInterval& interval);

/// The summary's saturation figures: `saturated` (its text names the signs that fired), then the
/// numbers behind each sign that was judged (sources_behind, worst_source_delivered,
/// worst_source_allowance, latency_growth, network_backlog_growth).
void append_saturation_figures(const SaturationVerdict& verdict,
                               std::vector<models::Figure>& figures);

}  // namespace net
