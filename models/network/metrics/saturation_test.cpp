// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/saturation_test.hpp"

#include <algorithm>

namespace net {

namespace {

std::uint64_t column_sum(const io::Table& table, const char* column) {
  const std::size_t c = table.column_index(column);
  std::uint64_t sum = 0;
  for (std::size_t r = 0; r < table.rows(); ++r) sum += table.at(r, c).as_u64();
  return sum;
}

void judge_sources(const io::Table& nodes, const io::Table& sources, const SaturationInterval& in,
                   SaturationVerdict& v) {
  const std::uint64_t packets = column_sum(nodes, "packets_generated");
  const std::uint64_t measured_all = column_sum(sources, "packets_measured");
  if (packets == 0 || measured_all == 0) return;  // nothing arrived to judge by
  // The yardsticks of an unsaturated source: its own mean network latency (flows differ: under
  // a permutation some cross busy channels) and the mean packet size. A source none of whose
  // measured packets arrived has no latency of its own: the network's stands in, so that a
  // starved source counts as behind instead of being skipped.
  const double cycle = static_cast<double>(in.ticks_per_cycle);
  const double packet =
      static_cast<double>(column_sum(nodes, "flits_generated")) / static_cast<double>(packets);
  const double interval = static_cast<double>(in.end_cycle - in.warmup_cycle);
  const double network_latency =
      static_cast<double>(static_cast<std::int64_t>(column_sum(sources, "network_latency_sum"))) /
      cycle / static_cast<double>(measured_all);
  const std::size_t node_col = sources.column_index("node");
  const std::size_t offered_col = sources.column_index("flits_offered");
  const std::size_t delivered_col = sources.column_index("flits_offered_delivered");
  const std::size_t measured_col = sources.column_index("packets_measured");
  const std::size_t latency_col = sources.column_index("network_latency_sum");
  for (std::size_t r = 0; r < sources.rows(); ++r) {
    const double offered = static_cast<double>(sources.at(r, offered_col).as_u64());
    if (offered == 0) continue;
    const double delivered = static_cast<double>(sources.at(r, delivered_col).as_u64());
    const std::uint64_t measured = sources.at(r, measured_col).as_u64();
    const double latency = measured == 0
                               ? network_latency
                               : static_cast<double>(sources.at(r, latency_col).as_i64()) / cycle /
                                     static_cast<double>(measured);
    const double allowance =
        offered / interval * kSourceLatencies * latency + kSourcePackets * packet;
    const double share = delivered / offered;
    const double allowed = std::max(0.0, 1.0 - allowance / offered);
    if (share < allowed) ++v.sources_behind;
    if (!v.sources_judged || share - allowed < v.worst_delivered_share - v.worst_allowed_share) {
      v.sources_judged = true;
      v.worst_source = sources.at(r, node_col).as_u64();
      v.worst_delivered_share = share;
      v.worst_allowed_share = allowed;
    }
  }
}

// Sums of a window range [begin, end) of the time series.
struct WindowSums {
  std::uint64_t generated = 0;  // flits
  std::uint64_t delivered = 0;  // flits
  std::uint64_t packets = 0;    // delivered
  std::int64_t latency = 0;     // ticks, of the packets delivered
};

WindowSums window_sums(const io::Table& series, std::uint64_t begin, std::uint64_t end) {
  const std::size_t win = series.column_index("window");
  const std::size_t gen = series.column_index("flits_generated");
  const std::size_t del = series.column_index("flits_delivered");
  const std::size_t pkt = series.column_index("packets_delivered");
  const std::size_t lat = series.column_index("latency_sum");
  WindowSums s;
  for (std::size_t r = 0; r < series.rows(); ++r) {
    const std::uint64_t w = series.at(r, win).as_u64();
    if (w < begin || w >= end) continue;
    s.generated += series.at(r, gen).as_u64();
    s.delivered += series.at(r, del).as_u64();
    s.packets += series.at(r, pkt).as_u64();
    s.latency += series.at(r, lat).as_i64();
  }
  return s;
}

void judge_latency_trend(const io::Table& series, const SaturationInterval& in,
                         SaturationVerdict& v) {
  const std::uint64_t first = (in.warmup_cycle + in.window_cycles - 1) / in.window_cycles;
  const std::uint64_t last = in.end_cycle / in.window_cycles;  // exclusive
  if (last < first + 2) return;
  const std::uint64_t half = (last - first) / 2;  // an odd middle window belongs to neither
  const WindowSums early = window_sums(series, first, first + half);
  const WindowSums late = window_sums(series, last - half, last);
  if (early.packets < kTrendMinPackets || late.packets < kTrendMinPackets || early.latency <= 0) {
    return;
  }
  const double early_mean = static_cast<double>(early.latency) / static_cast<double>(early.packets);
  const double late_mean = static_cast<double>(late.latency) / static_cast<double>(late.packets);
  v.latency_growth = late_mean / early_mean - 1.0;
  v.latency_growing = *v.latency_growth > kLatencyGrowth;
}

void judge_network(const io::Table& series, const SaturationInterval& in, SaturationVerdict& v) {
  const std::uint64_t middle = in.warmup_cycle + (in.end_cycle - in.warmup_cycle) / 2;
  const std::uint64_t first = (middle + in.window_cycles - 1) / in.window_cycles;
  const std::uint64_t last = in.end_cycle / in.window_cycles;  // exclusive
  v.second_half_begin = first * in.window_cycles;
  v.second_half_end = last * in.window_cycles;
  if (last < first + 2) {
    v.unknown_reason = "fewer than 2 windows in the second half of the measurement";
    return;
  }
  const WindowSums s = window_sums(series, first, last);
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

SaturationVerdict judge_saturation(const io::Table& nodes, const io::Table* sources,
                                   const io::Table& series, const SaturationInterval& interval) {
  SaturationVerdict v;
  if (sources != nullptr) judge_sources(nodes, *sources, interval, v);
  judge_latency_trend(series, interval, v);
  judge_network(series, interval, v);
  if (v.sources_behind > 0 || v.latency_growing || v.network_behind) {
    v.saturated = true;
    v.unknown_reason.clear();
  } else if (v.network_judged) {
    v.saturated = false;
  }
  return v;
}

}  // namespace net
