// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/warmup_by_packets.hpp"

#include "pdes/error.hpp"

namespace net {

namespace {

io::Table cycle_table(const char* name, const char* description, const char* count_column) {
  return io::Table(name, description,
                   {{"cycle", io::ColumnType::kUInt64, "cycles", "cycle"},
                    {count_column, io::ColumnType::kUInt64, "", "count"}},
                   1, io::Combine::kSum);
}

}  // namespace

WarmupByPackets::WarmupByPackets(std::uint64_t k) : k_(k) {
  PDES_CHECK(k_ > 0, "a warm-up of 0 packets");
}

void WarmupByPackets::add_delivery(std::uint64_t cycle) {
  if (total_ >= k_ && cycle > counts_.rbegin()->first) return;  // later than the k earliest
  ++counts_[cycle];
  ++total_;
  // Drop the latest cycle while the others still hold k deliveries.
  while (total_ - counts_.rbegin()->second >= k_) {
    total_ -= counts_.rbegin()->second;
    counts_.erase(std::prev(counts_.end()));
  }
}

io::Table WarmupByPackets::bound_table() const {
  io::Table t = cycle_table(kBoundTable, "per-rank upper bounds of the warm-up end", "ranks");
  t.add_row({io::Cell::u64(bound_cycle()), io::Cell::u64(1)});
  return t;
}

std::uint64_t WarmupByPackets::min_bound(const io::Table& combined_bounds) {
  PDES_CHECK(combined_bounds.rows() > 0, "no warm-up bound from any rank");
  return combined_bounds.at(0, 0).as_u64();
}

io::Table WarmupByPackets::counts_table(std::uint64_t up_to) const {
  io::Table t =
      cycle_table(kCountsTable, "deliveries per cycle, up to the warm-up bound", "deliveries");
  for (const auto& [cycle, count] : counts_) {
    if (cycle > up_to) break;
    t.add_row({io::Cell::u64(cycle), io::Cell::u64(count)});
  }
  return t;
}

std::optional<std::uint64_t> WarmupByPackets::warmup_cycle(const io::Table& combined_counts,
                                                           std::uint64_t k) {
  std::uint64_t delivered = 0;
  for (std::size_t r = 0; r < combined_counts.rows(); ++r) {
    delivered += combined_counts.at(r, 1).as_u64();
    if (delivered >= k) return combined_counts.at(r, 0).as_u64();
  }
  return std::nullopt;
}

}  // namespace net
