// SPDX-License-Identifier: Apache-2.0
//
// LinkLoadSpread: how evenly the traffic spreads over the network's links — seed 002's "the
// traffic is more balanced all over the network", as two figures of every run's summary (and so
// of the HDF5 file's /summary):
//
//   link_load_cv        coefficient of variation of the flits per link: population standard
//                       deviation / mean (0 = every link carries the same load)
//   link_load_max_mean  the busiest link's flits / the mean (1 = perfectly even)
//
// A link is a router output port that leads to a router (the network/ports rows with
// terminal = 0; ejection ports are left out: their load is the destinations' share, not the
// routing's). The counts are RouterPortTotals::flits_measured: the flits a port sent from the
// end of traffic.warmup_cycles on, to the end of the run (the whole run when the warm-up is
// counted in packets, traffic.warmup_packets, or absent).
//
// The reduction is a fold in row order (io::DistributedTables), so the figures are bit-identical
// whatever the rank count.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/results/distributed_tables.hpp"
#include "models/figure.hpp"

namespace net {

struct LinkLoadSpread {
  std::uint64_t links = 0;
  double sum = 0.0;      ///< flits, summed in row order
  double sum_sq = 0.0;   ///< flits squared, summed in row order
  double max = 0.0;

  void add(std::uint64_t flits);
  double mean() const { return links == 0 ? 0.0 : sum / static_cast<double>(links); }
  /// Population standard deviation / mean; 0 when no link carried a flit.
  double cv() const;
  /// Busiest link / mean; 0 when no link carried a flit.
  double max_over_mean() const;

  static LinkLoadSpread of(std::span<const std::uint64_t> flits_per_link);
  /// Collective: the fold over the network/ports table (`ports_table`), links only.
  static LinkLoadSpread of(const io::DistributedTables& tables, const char* ports_table);
};

/// The two summary rows; "n/a" when the run moved no flit over a link.
void append_link_load_figures(const LinkLoadSpread& spread, std::vector<models::Figure>& rows);

}  // namespace net
