// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/warmup_by_packets.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "io/results/combine.hpp"

using net::WarmupByPackets;

namespace {

// Combines one table per "rank" the way io::combine does.
io::Table combined(const std::vector<io::Table>& tables) {
  std::vector<io::ResultSet> parts(tables.size());
  for (std::size_t r = 0; r < tables.size(); ++r) parts[r].tables.push_back(tables[r]);
  return io::merge_results(parts).tables.at(0);
}

// W over `ranks` detectors, as NetworkResults finds it.
std::optional<std::uint64_t> warmup_of(const std::vector<WarmupByPackets>& ranks, std::uint64_t k) {
  std::vector<io::Table> bounds;
  for (const auto& r : ranks) bounds.push_back(r.bound_table());
  const std::uint64_t bound = WarmupByPackets::min_bound(combined(bounds));
  std::vector<io::Table> counts;
  for (const auto& r : ranks) counts.push_back(r.counts_table(bound));
  return WarmupByPackets::warmup_cycle(combined(counts), k);
}

}  // namespace

TEST_CASE("the warm-up ends in the cycle of the k-th delivery") {
  // Deliveries in cycles 5, 5, 7, 9, 9, 9, 12 (committed out of order).
  WarmupByPackets w(4);
  for (const std::uint64_t c : {9, 5, 12, 7, 9, 5, 9}) w.add_delivery(c);
  CHECK(w.bound_cycle() == 9);
  CHECK(warmup_of({w}, 4) == std::optional<std::uint64_t>(9));
  WarmupByPackets w3(3);
  for (const std::uint64_t c : {9, 5, 12, 7, 9, 5, 9}) w3.add_delivery(c);
  CHECK(warmup_of({w3}, 3) == std::optional<std::uint64_t>(7));
  WarmupByPackets w1(1);
  for (const std::uint64_t c : {9, 5, 12}) w1.add_delivery(c);
  CHECK(warmup_of({w1}, 1) == std::optional<std::uint64_t>(5));
}

TEST_CASE("fewer deliveries than k: no bound, no warm-up end") {
  WarmupByPackets w(10);
  for (const std::uint64_t c : {1, 2, 3}) w.add_delivery(c);
  CHECK(w.bound_cycle() == WarmupByPackets::kNoBound);
  CHECK_FALSE(warmup_of({w}, 10).has_value());
}

TEST_CASE("split over ranks in any way, the warm-up end is the same") {
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> cycles(2000);
  for (auto& c : cycles) c = rng() % 5000;
  for (const std::uint64_t k : {1ull, 17ull, 500ull, 1999ull, 2000ull, 2001ull}) {
    CAPTURE(k);
    std::vector<std::uint64_t> sorted = cycles;
    std::sort(sorted.begin(), sorted.end());
    const std::optional<std::uint64_t> expected =
        k <= sorted.size() ? std::optional<std::uint64_t>(sorted[k - 1]) : std::nullopt;
    for (const std::size_t ranks : {1u, 2u, 3u, 7u}) {
      CAPTURE(ranks);
      std::vector<WarmupByPackets> parts(ranks, WarmupByPackets(k));
      for (std::size_t i = 0; i < cycles.size(); ++i) {
        parts[(cycles[i] * 31 + i) % ranks].add_delivery(cycles[i]);
      }
      CHECK(warmup_of(parts, k) == expected);
    }
  }
}
