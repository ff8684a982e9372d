// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/packet_warmup.hpp"

#include <span>
#include <utility>

#include "io/results/combine.hpp"
#include "pdes/error.hpp"

namespace net {

std::optional<std::uint64_t> PacketWarmup::settled(std::uint64_t created_cycle) const {
  // W <= bound: a record created at or after the bound is classified as with W itself.
  const std::uint64_t bound = detector_.bound_cycle();
  if (created_cycle >= bound) return bound;
  return std::nullopt;
}

std::optional<std::uint64_t> PacketWarmup::warmup_end(const Reduce& reduce) const {
  auto combined = [&](io::Table table) {
    io::ResultSet local;
    local.tables.push_back(std::move(table));
    io::ResultSet all =
        reduce ? reduce(local) : io::merge_results(std::span<const io::ResultSet>(&local, 1));
    PDES_CHECK(all.tables.size() == 1, "the warm-up reduction lost its table");
    return std::move(all.tables[0]);
  };
  const std::uint64_t bound = WarmupByPackets::min_bound(combined(detector_.bound_table()));
  return WarmupByPackets::warmup_cycle(combined(detector_.counts_table(bound)), k_);
}

}  // namespace net
