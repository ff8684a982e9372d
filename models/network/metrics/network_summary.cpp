// SPDX-License-Identifier: Apache-2.0
//
// NetworkResults::summary: the end-of-run figures (network_results.hpp defines them), reduced
// from the ranks' slabs of the combined tables.
#include <algorithm>
#include <cstdio>
#include <string>
#include <variant>

#include "models/network/metrics/link_load_spread.hpp"
#include "models/network/metrics/network_results.hpp"
#include "models/network/metrics/saturation_test.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

std::string format(const char* spec, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, spec, value);
  return buffer;
}

std::uint64_t int_attribute(const io::DistributedTables& tables, const char* path) {
  const auto it = tables.attributes().find(path);
  PDES_CHECK(it != tables.attributes().end() && std::holds_alternative<std::int64_t>(it->second),
             std::string("results without the integer attribute ") + path);
  return static_cast<std::uint64_t>(std::get<std::int64_t>(it->second));
}

}  // namespace

std::vector<models::Figure> NetworkResults::summary(const io::DistributedTables& tables) const {
  using models::Figure;
  // Every figure below is a reduction over the ranks' slabs (collective, the same calls on
  // every rank): integer totals are exact sums, and the one floating-point sum over rows (the
  // destinations' means) is a fold in node order, so the figures are those of one process.
  const NodeSums totals = node_table().totals(tables);
  // With traffic.warmup_packets the warm-up end is known only here, from the combined results.
  const std::uint64_t warmup = int_attribute(tables, "network/warmup_cycles");
  const double cycle = static_cast<double>(params_.ticks_per_cycle);
  // A finite workload is measured up to its last delivery (or the measurement end).
  std::uint64_t measure_end = params_.measure_end_cycle;
  if (params_.finite_workload) {
    measure_end = std::min(measure_end, cycle_of(totals.last_message_delivered) + 1);
  }
  const double node_cycles =
      measure_end > warmup ? static_cast<double>(params_.num_nodes) *
                                 static_cast<double>(measure_end - warmup)
                           : 0.0;
  std::vector<Figure> rows;
  if (params_.warmup_packets > 0) {
    if (warmup < params_.measure_end_cycle) {
      rows.push_back(Figure::number("warmup_end", "warm-up end", static_cast<double>(warmup),
                                    "", "cycle %.0f",
                                    " (" + std::to_string(params_.warmup_packets) +
                                        " packets delivered)"));
    } else {
      rows.push_back(Figure::missing("warmup_end", "warm-up end", "",
                                     "not reached: fewer than " +
                                         std::to_string(params_.warmup_packets) +
                                         " packets delivered before the measurement end"));
    }
  }
  auto load_row = [&](const char* key, const char* label, std::uint64_t flits) {
    const char* unit = "flits/node/cycle";
    rows.push_back(
        node_cycles == 0
            ? Figure::missing(key, label, unit, "n/a (empty measurement interval)")
            : Figure::number(key, label, static_cast<double>(flits) / node_cycles, unit, "%.4f"));
  };
  load_row("offered_load", "offered load", totals.flits_offered);
  load_row("accepted_load", "accepted load", totals.flits_accepted);

  const std::uint64_t measured = totals.packets_measured;
  rows.push_back(Figure::number("packets_measured", "packets measured",
                                static_cast<double>(measured), "", "%.0f"));
  const double latency = static_cast<double>(totals.latency_sum);
  const double network = static_cast<double>(totals.network_latency_sum);
  auto mean_row = [&](const char* key, const char* label, double sum, double scale,
                      const char* unit, const std::string& suffix = "") {
    rows.push_back(measured == 0
                       ? Figure::missing(key, label, unit, "n/a (no measured packet)")
                       : Figure::number(key, label, sum / scale / static_cast<double>(measured),
                                        unit, "%.2f", suffix));
  };
  mean_row("latency", "latency", latency, cycle, "cycles");
  mean_row("network_latency", "network latency", network, cycle, "cycles");
  mean_row("source_queue_latency", "source-queue wait", latency - network, cycle, "cycles");
  mean_row("contention", "contention", static_cast<double>(totals.blocked_cycles_sum), 1.0,
           "cycles", " (heads waiting at routers)");
  mean_row("hops", "hops", static_cast<double>(totals.hops_sum), 1.0, "routers");
  if (totals.min_hops_sum > 0) {
    rows.push_back(Figure::number("stretch", "path stretch",
                                  static_cast<double>(totals.hops_sum) /
                                      static_cast<double>(totals.min_hops_sum),
                                  "", "%.3f"));
  }
  // Source routings that choose among paths (packets carry a width only then).
  if (const std::uint64_t width = totals.width_sum; width > 0 && measured > 0) {
    rows.push_back(Figure::number("mean_width", "path width",
                                  static_cast<double>(width) / static_cast<double>(measured),
                                  "paths", "%.3f", " (mean paths open at the path choice)"));
    const double noncanonical =
        static_cast<double>(totals.noncanonical_packets) / static_cast<double>(measured);
    rows.push_back({"noncanonical_fraction", "non-canonical packets", noncanonical, "",
                    format("%.1f%% of measured packets", 100.0 * noncanonical)});
  }
  if (const std::uint64_t acks = totals.acks_received; acks > 0) {
    const double ack_flits = static_cast<double>(totals.ack_flits);
    const double data_flits = static_cast<double>(totals.flits_received);
    const double share = ack_flits / (ack_flits + data_flits);
    rows.push_back({"ack_share", "ACKs", share, "",
                    std::to_string(acks) +
                        format(" (%.1f%% of the flits delivered, whole run)", 100.0 * share)});
  }

  // Eq. 4.1/4.2: each destination's mean first, then their mean. A floating-point sum depends
  // on its order: the fold adds the means in node order on every rank count.
  const io::Table& schema = tables.slab(kNodesTable);
  const std::size_t lat = schema.column_index("latency_sum");
  const std::size_t cnt = schema.column_index("packets_measured");
  struct MeanOfMeans {
    double sum_of_means = 0.0;
    std::uint64_t destinations = 0;
  };
  const MeanOfMeans means = tables.fold(
      kNodesTable, MeanOfMeans{}, [&](MeanOfMeans& m, const io::Table& nodes, std::size_t r) {
        const std::uint64_t n = nodes.at(r, cnt).as_u64();
        if (n == 0) return;
        m.sum_of_means +=
            static_cast<double>(nodes.at(r, lat).as_i64()) / cycle / static_cast<double>(n);
        ++m.destinations;
      });
  rows.push_back(means.destinations == 0
                     ? Figure::missing("latency_dest_mean", "latency (dest. means)", "cycles",
                                       "n/a (no measured packet)")
                     : Figure::number("latency_dest_mean", "latency (dest. means)",
                                      means.sum_of_means /
                                          static_cast<double>(means.destinations),
                                      "cycles", "%.2f"));

  append_link_load_figures(LinkLoadSpread::of(tables, kPortsTable), rows);

  for (const auto& extension : extensions_) extension->add_figures(tables, rows);
  if (params_.finite_workload) {
    append_messages(totals, rows);
  } else {
    const SaturationVerdict v =
        judge_saturation(tables, {warmup, params_.measure_end_cycle, params_.window_cycles,
                                  params_.ticks_per_cycle});
    append_saturation_figures(v, rows);
  }
  return rows;
}

void NetworkResults::append_messages(const NodeSums& totals,
                                     std::vector<models::Figure>& rows) const {
  using models::Figure;
  const double cycle = static_cast<double>(params_.ticks_per_cycle);
  const std::uint64_t measured = totals.messages_measured;
  const std::int64_t latest = totals.last_message_delivered;
  rows.push_back(Figure::number("messages_delivered", "messages delivered",
                                static_cast<double>(totals.messages_received), "", "%.0f"));
  rows.push_back(measured == 0 ? Figure::missing("message_latency", "message latency", "cycles",
                                                 "n/a (no measured message)")
                               : Figure::number("message_latency", "message latency",
                                                static_cast<double>(totals.message_latency_sum) /
                                                    cycle / static_cast<double>(measured),
                                                "cycles", "%.2f", " (release to last packet)"));
  rows.push_back(latest == 0 ? Figure::missing("last_delivery", "last message delivered",
                                               "cycles", "n/a (no message delivered)")
                             : Figure::number("last_delivery", "last message delivered",
                                              static_cast<double>(latest) / cycle, "cycles",
                                              "%.0f"));
}

}  // namespace net
