// SPDX-License-Identifier: Apache-2.0
//
// WarmupByPackets: the end of a warm-up counted in delivered packets (traffic.warmup_packets).
//
// Definition. With K = traffic.warmup_packets, the warm-up ends at cycle W, the cycle in which
// the K-th packet of the whole network was delivered: the smallest W such that at least K
// packets were delivered in cycles [0, W]. From then on the run is measured exactly as with
// traffic.warmup_cycles = W (packets created at or after W are measured; throughput counts from
// W). W is a function of the committed delivery times only, which do not depend on the rank
// count, the partition or the engine; ties (several deliveries in one cycle) do not matter,
// because W is a cycle, not a packet. When fewer than K packets are delivered, there is no W:
// nothing is measured.
//
// How it is found without keeping every delivery: each rank keeps the counts of its K earliest
// delivery cycles, whatever the order in which records are committed. The cycle by which a rank
// has seen K deliveries is an upper bound of W (bound_cycle()): the network delivered at least
// as many. After the run, the ranks agree on the smallest bound B (bound_table(), summed), then
// add up their counts of the cycles <= B (counts_table(B), summed); W is where that cumulative
// sum reaches K (warmup_cycle()). Every rank's counts are complete up to B >= W, so W is exact.
// Memory: at most K entries per rank.
//
//   net::WarmupByPackets warmup(k);
//   warmup.add_delivery(cycle);                                  // every delivered packet
//   const auto b = combine(warmup.bound_table());                // summed over ranks
//   const auto counts = combine(warmup.counts_table(WarmupByPackets::min_bound(b)));
//   std::optional<std::uint64_t> w = WarmupByPackets::warmup_cycle(counts, k);
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>

#include "io/results/result_set.hpp"

namespace net {

class WarmupByPackets {
 public:
  static constexpr std::uint64_t kNoBound = std::numeric_limits<std::uint64_t>::max();
  /// Scratch tables for the exchange between ranks; never written to the results file.
  static constexpr const char* kBoundTable = "warmup/bound";
  static constexpr const char* kCountsTable = "warmup/deliveries";

  /// k > 0 (a PDES_CHECK).
  explicit WarmupByPackets(std::uint64_t k);

  /// A packet delivered in `cycle` (any commit order).
  void add_delivery(std::uint64_t cycle);

  /// The cycle by which this rank saw k deliveries (so W <= it), or kNoBound.
  std::uint64_t bound_cycle() const { return total_ >= k_ ? counts_.rbegin()->first : kNoBound; }

  /// One row (bound_cycle(), 1), key `cycle`, combine kSum: the first row of the combined table
  /// is the smallest bound over the ranks.
  io::Table bound_table() const;
  /// The smallest bound in a combined bound_table.
  static std::uint64_t min_bound(const io::Table& combined_bounds);
  /// Rows (cycle, deliveries) of this rank for the cycles <= `up_to`; key `cycle`, kSum.
  io::Table counts_table(std::uint64_t up_to) const;
  /// W from the combined counts_table (complete up to W), or nullopt when the counts reach
  /// fewer than k deliveries.
  static std::optional<std::uint64_t> warmup_cycle(const io::Table& combined_counts,
                                                   std::uint64_t k);

 private:
  std::uint64_t k_;
  std::map<std::uint64_t, std::uint64_t> counts_;  // cycle -> deliveries, the earliest >= k
  std::uint64_t total_ = 0;                        // sum of counts_
};

}  // namespace net
