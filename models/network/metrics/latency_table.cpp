// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/latency_table.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"

namespace net {

namespace {

using io::Cell;
using io::Column;
using io::ColumnType;

std::vector<Column> sum_columns() {
  return {
      {"packets", ColumnType::kUInt64, "packets",
       "measured packets delivered (created after the warm-up)"},
      {"latency_sum", ColumnType::kInt64, "ps", "sum of delivered - created"},
      {"latency_min", ColumnType::kInt64, "ps", "smallest delivered - created"},
      {"latency_max", ColumnType::kInt64, "ps", "largest delivered - created"},
      {"network_latency_sum", ColumnType::kInt64, "ps", "sum of delivered - injected"},
      {"hops_sum", ColumnType::kUInt64, "routers", "sum of routers crossed"},
  };
}

}  // namespace

std::string_view to_string(LatencyGranularity granularity) {
  switch (granularity) {
    case LatencyGranularity::kNone:
      return "none";
    case LatencyGranularity::kDestinations:
      return "destinations";
    case LatencyGranularity::kPairs:
      return "pairs";
  }
  return "none";
}

std::vector<std::string> latency_table_names() {
  return {"auto", std::string(to_string(LatencyGranularity::kPairs)),
          std::string(to_string(LatencyGranularity::kDestinations)),
          std::string(to_string(LatencyGranularity::kNone))};
}

LatencyGranularity parse_latency_table(std::string_view name, std::uint64_t num_nodes) {
  if (name == "auto") {
    return num_nodes <= kAutoPairsMaxNodes ? LatencyGranularity::kPairs
                                           : LatencyGranularity::kDestinations;
  }
  for (const LatencyGranularity g :
       {LatencyGranularity::kNone, LatencyGranularity::kDestinations, LatencyGranularity::kPairs}) {
    if (name == to_string(g)) return g;
  }
  throw pdes::ConfigError("metrics.latency_table", "unknown value '" + std::string(name) +
                                                       "'; valid: auto, pairs, destinations, none");
}

void LatencyTable::add(const PacketDelivered& p) {
  const std::uint64_t key = granularity_ == LatencyGranularity::kPairs
                                ? std::uint64_t{p.src} << 32 | p.dst
                                : std::uint64_t{p.dst};
  const std::int64_t latency = p.latency();
  Sums& s = rows_[key];
  s.latency_min = s.packets == 0 ? latency : std::min(s.latency_min, latency);
  s.latency_max = s.packets == 0 ? latency : std::max(s.latency_max, latency);
  ++s.packets;
  s.latency_sum += latency;
  s.network_latency_sum += p.network_latency();
  s.hops_sum += p.hops;
}

io::Table LatencyTable::table() const {
  PDES_CHECK(granularity_ != LatencyGranularity::kNone, "metrics.latency_table = none: no table");
  const bool pairs = granularity_ == LatencyGranularity::kPairs;
  std::vector<Column> columns;
  if (pairs) columns.push_back({"src", ColumnType::kUInt64, "", "source node id"});
  columns.push_back({"dst", ColumnType::kUInt64, "", "destination node id"});
  for (Column& c : sum_columns()) columns.push_back(std::move(c));
  io::Table t(pairs ? kPairsTable : kDestinationsTable,
              pairs ? "Per (source, destination) pair: latency of the measured packets"
                    : "Per destination: latency of the measured packets",
              std::move(columns), pairs ? 2 : 1, io::Combine::kConcatenate);
  std::vector<std::uint64_t> keys;
  keys.reserve(rows_.size());
  for (const auto& entry : rows_) keys.push_back(entry.first);
  std::sort(keys.begin(), keys.end());
  for (const std::uint64_t key : keys) {
    const Sums& s = rows_.at(key);
    const Cell dst = Cell::u64(key & 0xFFFFFFFFu);
    const Cell packets = Cell::u64(s.packets);
    const Cell sum = Cell::i64(s.latency_sum);
    const Cell min = Cell::i64(s.latency_min);
    const Cell max = Cell::i64(s.latency_max);
    const Cell network = Cell::i64(s.network_latency_sum);
    const Cell hops = Cell::u64(s.hops_sum);
    if (pairs) {
      t.add_row({Cell::u64(key >> 32), dst, packets, sum, min, max, network, hops});
    } else {
      t.add_row({dst, packets, sum, min, max, network, hops});
    }
  }
  return t;
}

}  // namespace net
