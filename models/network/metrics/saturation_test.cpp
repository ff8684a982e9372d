// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/saturation_test.hpp"

#include <algorithm>
#include <cstdio>

#include "models/network/metrics/network_tables.hpp"

namespace net {

namespace {

constexpr const char* kNodes = kNodesTableName;
constexpr const char* kSources = kSourcesTableName;
constexpr const char* kSeries = kTimeSeriesTableName;

// The per-source test's running state, in node order (a fold: sent between ranks as bytes).
struct SourceScan {
  bool judged = false;
  std::uint64_t behind = 0;
  std::uint64_t worst_source = 0;
  double worst_delivered = 1.0;
  double worst_allowed = 1.0;
};

void judge_sources(const io::DistributedTables& tables, const SaturationInterval& in,
                   SaturationVerdict& v) {
  const auto nodes = tables.column_sums(kNodes, {"packets_generated", "flits_generated"});
  const auto measured = tables.column_sums(kSources, {"packets_measured", "network_latency_sum"});
  const std::uint64_t packets = nodes[0];
  const std::uint64_t measured_all = measured[0];
  if (packets == 0 || measured_all == 0) return;  // nothing arrived to judge by
  // The yardsticks of an unsaturated source: its own mean network latency (flows differ: under
  // a permutation some cross busy channels) and the mean packet size. A source none of whose
  // measured packets arrived has no latency of its own: the network's stands in, so that a
  // starved source counts as behind instead of being skipped.
  const double cycle = static_cast<double>(in.ticks_per_cycle);
  const double packet = static_cast<double>(nodes[1]) / static_cast<double>(packets);
  const double interval = static_cast<double>(in.end_cycle - in.warmup_cycle);
  const double network_latency = static_cast<double>(static_cast<std::int64_t>(measured[1])) /
                                 cycle / static_cast<double>(measured_all);
  const io::Table& schema = tables.slab(kSources);
  const std::size_t node_col = schema.column_index("node");
  const std::size_t offered_col = schema.column_index("flits_offered");
  const std::size_t delivered_col = schema.column_index("flits_offered_delivered");
  const std::size_t measured_col = schema.column_index("packets_measured");
  const std::size_t latency_col = schema.column_index("network_latency_sum");
  // In node order, as one process would scan the whole table: the first of equally bad
  // sources stays the worst, whatever the rank count.
  const SourceScan scan = tables.fold(
      kSources, SourceScan{}, [&](SourceScan& s, const io::Table& sources, std::size_t r) {
        const double offered = static_cast<double>(sources.at(r, offered_col).as_u64());
        if (offered == 0) return;
        const double delivered = static_cast<double>(sources.at(r, delivered_col).as_u64());
        const std::uint64_t packets_measured = sources.at(r, measured_col).as_u64();
        const double latency = packets_measured == 0
                                   ? network_latency
                                   : static_cast<double>(sources.at(r, latency_col).as_i64()) /
                                         cycle / static_cast<double>(packets_measured);
        const double allowance =
            offered / interval * kSourceLatencies * latency + kSourcePackets * packet;
        const double share = delivered / offered;
        const double allowed = std::max(0.0, 1.0 - allowance / offered);
        if (share < allowed) ++s.behind;
        if (!s.judged || share - allowed < s.worst_delivered - s.worst_allowed) {
          s.judged = true;
          s.worst_source = sources.at(r, node_col).as_u64();
          s.worst_delivered = share;
          s.worst_allowed = allowed;
        }
      });
  v.sources_judged = scan.judged;
  v.sources_behind = scan.behind;
  v.worst_source = scan.worst_source;
  v.worst_delivered_share = scan.worst_delivered;
  v.worst_allowed_share = scan.worst_allowed;
}

// Sums of a window range [begin, end) of the time series.
struct WindowRange {
  std::uint64_t generated = 0;  // flits
  std::uint64_t delivered = 0;  // flits
  std::uint64_t packets = 0;    // delivered
  std::int64_t latency = 0;     // ticks, of the packets delivered
};

WindowRange window_sums(const io::DistributedTables& tables, std::uint64_t begin,
                       std::uint64_t end) {
  const io::Table& schema = tables.slab(kSeries);
  const std::size_t win = schema.column_index("window");
  const std::size_t gen = schema.column_index("flits_generated");
  const std::size_t del = schema.column_index("flits_delivered");
  const std::size_t pkt = schema.column_index("packets_delivered");
  const std::size_t lat = schema.column_index("latency_sum");
  return tables.fold(kSeries, WindowRange{},
                     [&](WindowRange& s, const io::Table& series, std::size_t r) {
                       const std::uint64_t w = series.at(r, win).as_u64();
                       if (w < begin || w >= end) return;
                       s.generated += series.at(r, gen).as_u64();
                       s.delivered += series.at(r, del).as_u64();
                       s.packets += series.at(r, pkt).as_u64();
                       s.latency += series.at(r, lat).as_i64();
                     });
}

void judge_latency_trend(const io::DistributedTables& tables, const SaturationInterval& in,
                         SaturationVerdict& v) {
  const std::uint64_t first = (in.warmup_cycle + in.window_cycles - 1) / in.window_cycles;
  const std::uint64_t last = in.end_cycle / in.window_cycles;  // exclusive
  if (last < first + 2) return;
  const std::uint64_t half = (last - first) / 2;  // an odd middle window belongs to neither
  const WindowRange early = window_sums(tables, first, first + half);
  const WindowRange late = window_sums(tables, last - half, last);
  if (early.packets < kTrendMinPackets || late.packets < kTrendMinPackets || early.latency <= 0) {
    return;
  }
  const double early_mean = static_cast<double>(early.latency) / static_cast<double>(early.packets);
  const double late_mean = static_cast<double>(late.latency) / static_cast<double>(late.packets);
  v.latency_growth = late_mean / early_mean - 1.0;
  v.latency_growing = *v.latency_growth > kLatencyGrowth;
}

void judge_network(const io::DistributedTables& tables, const SaturationInterval& in,
                   SaturationVerdict& v) {
  const std::uint64_t middle = in.warmup_cycle + (in.end_cycle - in.warmup_cycle) / 2;
  const std::uint64_t first = (middle + in.window_cycles - 1) / in.window_cycles;
  const std::uint64_t last = in.end_cycle / in.window_cycles;  // exclusive
  v.second_half_begin = first * in.window_cycles;
  v.second_half_end = last * in.window_cycles;
  if (last < first + 2) {
    v.unknown_reason = "fewer than 2 windows in the second half of the measurement";
    return;
  }
  const WindowRange s = window_sums(tables, first, last);
  if (s.generated == 0) {
    v.unknown_reason = "no traffic offered in the second half of the measurement";
    return;
  }
  v.network_judged = true;
  v.backlog_growth = (static_cast<double>(s.generated) - static_cast<double>(s.delivered)) /
                     static_cast<double>(s.generated);
  v.network_behind =
      static_cast<double>(s.delivered) < kNetworkShare * static_cast<double>(s.generated);
}

}  // namespace

SaturationVerdict judge_saturation(const io::DistributedTables& tables,
                                   const SaturationInterval& interval) {
  SaturationVerdict v;
  if (tables.find(kSources) != nullptr) judge_sources(tables, interval, v);
  judge_latency_trend(tables, interval, v);
  judge_network(tables, interval, v);
  if (v.sources_behind > 0 || v.latency_growing || v.network_behind) {
    v.saturated = true;
    v.unknown_reason.clear();
  } else if (v.network_judged) {
    v.saturated = false;
  }
  return v;
}

namespace {

std::string format(const char* spec, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, spec, value);
  return buffer;
}

}  // namespace

void append_saturation_figures(const SaturationVerdict& v, std::vector<models::Figure>& rows) {
  using models::Figure;
  // The verdict's row names the signs that fired; the numbers behind them follow, one each.
  std::string verdict;
  if (!v.saturated) {
    verdict = "unknown (" + v.unknown_reason + ")";
  } else if (!*v.saturated) {
    verdict = "no";
  } else {
    std::string signs;
    auto sign = [&](bool fired, const std::string& what) {
      if (fired) signs += (signs.empty() ? "" : "; ") + what;
    };
    sign(v.sources_behind > 0, std::to_string(v.sources_behind) + " source" +
                                   (v.sources_behind == 1 ? "" : "s") + " behind");
    sign(v.latency_growing, "latency growing");
    sign(v.network_behind, "network behind");
    verdict = "yes (" + signs + ")";
  }
  rows.push_back({"saturated", "saturation",
                  v.saturated ? std::optional<double>(*v.saturated ? 1.0 : 0.0) : std::nullopt,
                  "", verdict});
  if (v.sources_judged) {
    rows.push_back(Figure::number("sources_behind", "sources behind",
                                  static_cast<double>(v.sources_behind), "", "%.0f"));
    rows.push_back({"worst_source_delivered", "worst source", v.worst_delivered_share, "",
                    format("delivered %.1f%% of its offered flits ",
                           100.0 * v.worst_delivered_share) +
                        "(node " + std::to_string(v.worst_source) + ")"});
    rows.push_back({"worst_source_allowance", "its allowance", v.worst_allowed_share, "",
                    format("%.1f%% delivered", 100.0 * v.worst_allowed_share)});
  }
  if (v.latency_growth) {
    rows.push_back({"latency_growth", "latency growth", *v.latency_growth, "",
                    format("%+.1f%% (second half of the measurement over the first)",
                           100.0 * *v.latency_growth)});
  }
  if (v.network_judged) {
    rows.push_back({"network_backlog_growth", "network backlog", v.backlog_growth, "",
                    format("%+.1f%% of the flits offered in cycles ", 100.0 * v.backlog_growth) +
                        std::to_string(v.second_half_begin) + ".." +
                        std::to_string(v.second_half_end)});
  }
}

}  // namespace net
