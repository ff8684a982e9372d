// SPDX-License-Identifier: Apache-2.0
//
// LatencyTable: latency sums, minimum and maximum of the measured packets, per (source,
// destination) pair or per destination (metrics.latency_table), as the table network/pairs or
// network/destinations. NetworkResults feeds it every measured PacketDelivered it commits.
//
//   net::LatencyTable pairs(net::LatencyGranularity::kPairs);
//   pairs.add(delivered);                  // measured packets only
//   io::Table t = pairs.table();           // one row per pair that delivered one
//
// A packet's record is emitted by its destination's LP, so every row (pair or destination) is
// filled on one rank: the tables are concatenated (io::Combine::kConcatenate), sorted by key
// (src, dst) or (dst), and identical for any rank count. Memory is one entry per row: up to
// N^2 for pairs, which is why the default (kAuto) keeps pairs for small networks only.
#pragma once

#include <cstdint>
#include <map>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/results/result_set.hpp"
#include "models/network/metrics/packet_records.hpp"

namespace net {

enum class LatencyGranularity : std::uint8_t { kNone, kDestinations, kPairs };

/// metrics.latency_table = "auto": pairs up to this many nodes (65,536 rows of 64 bytes at
/// most, 4 MiB, in the file), destinations beyond.
inline constexpr std::uint64_t kAutoPairsMaxNodes = 256;

/// "none", "destinations", "pairs".
std::string_view to_string(LatencyGranularity granularity);
/// The choices of metrics.latency_table: "auto" first, then the three granularities.
std::vector<std::string> latency_table_names();
/// Resolves a metrics.latency_table value ("auto" by the node count); throws
/// pdes::ConfigError on an unknown name.
LatencyGranularity parse_latency_table(std::string_view name, std::uint64_t num_nodes);

class LatencyTable {
 public:
  static constexpr const char* kPairsTable = "network/pairs";
  static constexpr const char* kDestinationsTable = "network/destinations";

  explicit LatencyTable(LatencyGranularity granularity) : granularity_(granularity) {}

  /// Adds one measured packet (the caller filters on `measured`).
  void add(const PacketDelivered& packet);

  LatencyGranularity granularity() const { return granularity_; }
  std::size_t rows() const { return rows_.size(); }
  /// The table, sorted by key; kNone has no table (a PDES_CHECK).
  io::Table table() const;

 private:
  struct Sums {
    std::uint64_t packets = 0;
    std::int64_t latency_sum = 0;  // ticks, like the extremes
    std::int64_t latency_min = 0;
    std::int64_t latency_max = 0;
    std::int64_t network_latency_sum = 0;
    std::uint64_t hops_sum = 0;
  };

  LatencyGranularity granularity_;
  // key: src << 32 | dst (pairs) or dst. Hashed (one lookup per delivered packet); table()
  // sorts the keys, so the rows come out ordered.
  std::unordered_map<std::uint64_t, Sums> rows_;
};

}  // namespace net
