// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/network_results.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <span>
#include <variant>

#include "io/results/combine.hpp"
#include "models/network/metrics/saturation_test.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

using io::Cell;
using io::Column;
using io::ColumnType;


std::string format(const char* spec, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, spec, value);
  return buffer;
}

std::vector<Column> node_columns() {
  return {
      {"node", ColumnType::kUInt64, "", "node id"},
      {"packets_generated", ColumnType::kUInt64, "packets", "packets created by the node"},
      {"flits_generated", ColumnType::kUInt64, "flits", "flits of those packets"},
      {"flits_offered", ColumnType::kUInt64, "flits",
       "flits of packets created in the measurement interval"},
      {"packets_received", ColumnType::kUInt64, "packets", "packets delivered to the node"},
      {"flits_received", ColumnType::kUInt64, "flits", "flits of those packets"},
      {"flits_accepted", ColumnType::kUInt64, "flits",
       "flits of packets delivered to the node in the measurement interval"},
      {"packets_measured", ColumnType::kUInt64, "packets",
       "packets delivered to the node that were created after the warm-up"},
      {"latency_sum", ColumnType::kInt64, "ps",
       "sum over measured packets of delivered - created (1000 ps per cycle)"},
      {"network_latency_sum", ColumnType::kInt64, "ps",
       "sum over measured packets of delivered - injected"},
      {"hops_sum", ColumnType::kUInt64, "routers", "sum over measured packets of routers crossed"},
      {"min_hops_sum", ColumnType::kUInt64, "routers",
       "sum over measured packets of the routers on a minimal path (path stretch = hops_sum / "
       "min_hops_sum)"},
      {"blocked_cycles_sum", ColumnType::kUInt64, "cycles",
       "sum over measured packets of the cycles their heads waited at routers beyond the "
       "pipeline (contention)"},
      {"width_sum", ColumnType::kUInt64, "paths",
       "sum over measured packets of the paths open when their path was chosen (0 without "
       "a source routing that chooses)"},
      {"noncanonical_packets", ColumnType::kUInt64, "packets",
       "measured packets that took a path other than the canonical one"},
      {"acks_received", ColumnType::kUInt64, "packets",
       "ACKs that reached the node (as a source), whole run"},
      {"ack_flits", ColumnType::kUInt64, "flits",
       "flits of those ACKs that crossed the network (0 through the ideal side channel)"},
      {"messages_received", ColumnType::kUInt64, "messages",
       "messages complete at the node (all their packets arrived), whole run"},
      {"messages_measured", ColumnType::kUInt64, "messages",
       "of those, messages released after the warm-up"},
      {"message_latency_sum", ColumnType::kInt64, "ps",
       "sum over measured messages of last packet delivered - released"},
      {"last_message_delivered", ColumnType::kInt64, "ps",
       "arrival of the last message complete at the node (0: none)"},
  };
}

std::vector<Column> window_columns() {
  return {
      {"window", ColumnType::kUInt64, "", "window index: cycles [w W, (w + 1) W)"},
      {"packets_generated", ColumnType::kUInt64, "packets", "packets created in the window"},
      {"flits_generated", ColumnType::kUInt64, "flits", "flits of those packets"},
      {"packets_delivered", ColumnType::kUInt64, "packets", "packets delivered in the window"},
      {"flits_delivered", ColumnType::kUInt64, "flits", "flits of those packets"},
      {"latency_sum", ColumnType::kInt64, "ps",
       "sum of delivered - created of the packets delivered in the window"},
      {"width_sum", ColumnType::kUInt64, "paths",
       "sum of the paths open at the path choice of the packets delivered in the window"},
      {"noncanonical_packets", ColumnType::kUInt64, "packets",
       "packets delivered in the window on a path other than the canonical one"},
      {"acks_delivered", ColumnType::kUInt64, "packets", "ACKs delivered in the window"},
      {"ack_flits", ColumnType::kUInt64, "flits",
       "flits of those ACKs that crossed the network"},
  };
}

std::uint64_t int_attribute(const io::DistributedTables& tables, const char* path) {
  const auto it = tables.attributes().find(path);
  PDES_CHECK(it != tables.attributes().end() && std::holds_alternative<std::int64_t>(it->second),
             std::string("results without the integer attribute ") + path);
  return static_cast<std::uint64_t>(std::get<std::int64_t>(it->second));
}

// The network/nodes columns the summary adds up, in the order of NodeTotals' fields.
const std::vector<std::string>& summed_node_columns() {
  static const std::vector<std::string> columns = {
      "flits_offered",       "flits_accepted",       "packets_measured",  "latency_sum",
      "network_latency_sum", "blocked_cycles_sum",   "hops_sum",          "min_hops_sum",
      "width_sum",           "noncanonical_packets", "acks_received",     "ack_flits",
      "flits_received",      "messages_received",    "messages_measured", "message_latency_sum"};
  return columns;
}

// Integer totals over every node: exact on any rank count (one MPI_Allreduce).
struct NodeTotals {
  std::uint64_t flits_offered, flits_accepted, packets_measured;
  std::int64_t latency_sum, network_latency_sum;
  std::uint64_t blocked_cycles_sum, hops_sum, min_hops_sum, width_sum, noncanonical_packets,
      acks_received, ack_flits, flits_received, messages_received, messages_measured;
  std::int64_t message_latency_sum;
};

NodeTotals node_totals(const io::DistributedTables& tables) {
  const std::vector<std::uint64_t> s =
      tables.column_sums(NetworkResults::kNodesTable, summed_node_columns());
  auto i = [&](std::size_t k) { return static_cast<std::int64_t>(s[k]); };
  return {s[0], s[1], s[2],  i(3),  i(4),  s[5],  s[6],  s[7],
          s[8], s[9], s[10], s[11], s[12], s[13], s[14], i(15)};
}

// The latest last_message_delivered over the nodes (0: none).
std::int64_t last_message_delivered(const io::DistributedTables& tables) {
  const std::size_t c =
      tables.slab(NetworkResults::kNodesTable).column_index("last_message_delivered");
  return tables.fold(NetworkResults::kNodesTable, std::int64_t{0},
                     [c](std::int64_t& most, const io::Table& t, std::size_t r) {
                       most = std::max(most, t.at(r, c).as_i64());
                     });
}

}  // namespace

NetworkResults::NetworkResults(const NetworkResultsParams& params)
    : params_(params),
      acc_{{}, {}, LatencyTable(params.latency_table), PacketSamples(params.packet_sample_every)},
      messages_(params.message_table) {
  PDES_CHECK(params_.measure_end_cycle > params_.warmup_cycles, "empty measurement interval");
  PDES_CHECK(params_.window_cycles > 0 && params_.ticks_per_cycle > 0 && params_.num_nodes > 0,
             "NetworkResults needs nodes, a window and a cycle length");
  PDES_CHECK(params_.warmup_packets == 0 || params_.warmup_cycles == 0,
             "a warm-up in both cycles and packets");
  if (params_.warmup_packets > 0) warmup_.emplace(params_.warmup_packets);
}

std::uint64_t NetworkResults::cycle_of(std::int64_t ticks) const {
  return static_cast<std::uint64_t>(ticks / params_.ticks_per_cycle);
}

bool NetworkResults::in_interval(std::int64_t ticks, std::uint64_t warmup) const {
  const std::uint64_t cycle = cycle_of(ticks);
  return cycle >= warmup && cycle < params_.measure_end_cycle;
}

std::uint64_t NetworkResults::window_of(std::int64_t ticks) const {
  return cycle_of(ticks) / params_.window_cycles;
}

void NetworkResults::account_generated(const PacketGenerated& g, std::uint64_t warmup,
                                       Accumulators& acc) const {
  if (!in_interval(g.created, warmup)) return;
  acc.nodes[g.src].flits_offered += g.size;
  acc.sources[g.src].flits_offered += g.size;
}

void NetworkResults::account_delivered(const PacketDelivered& d, std::uint64_t warmup,
                                       Accumulators& acc) const {
  NodeSums& n = acc.nodes[d.dst];
  if (in_interval(d.delivered, warmup)) n.flits_accepted += d.size;
  if (in_interval(d.created, warmup)) acc.sources[d.src].flits_offered_delivered += d.size;
  // By cycles the node LP decided; by packets the node LPs mark every packet measured.
  const bool measured = warmup_ ? cycle_of(d.created) >= warmup : d.measured != 0;
  if (!measured) return;
  SourceSums& from = acc.sources[d.src];
  ++from.packets_measured;
  from.network_latency_sum += d.network_latency();
  ++n.packets_measured;
  n.latency_sum += d.latency();
  n.network_latency_sum += d.network_latency();
  n.hops_sum += d.hops;
  n.min_hops_sum += d.min_hops;
  n.blocked_cycles_sum += d.blocked_cycles;
  n.width_sum += d.width;
  n.noncanonical_packets += d.path != 0 ? 1 : 0;
  if (acc.latency.granularity() != LatencyGranularity::kNone) acc.latency.add(d);
  if (acc.samples.selects(d)) acc.samples.add(d);
}

void NetworkResults::add_extension(std::unique_ptr<ResultsExtension> extension) {
  PDES_CHECK(extension != nullptr, "a null results extension");
  extensions_.push_back(std::move(extension));
}

void NetworkResults::account_message(const DeliveredMessageRecord& m, std::uint64_t warmup,
                                     Accumulators& acc) const {
  // As for packets: by cycles the node LPs decided, by packets the warm-up end does.
  const bool measured = warmup_ ? cycle_of(m.created) >= warmup : m.measured;
  if (!measured) return;
  NodeSums& n = acc.nodes[m.dst];
  ++n.messages_measured;
  n.message_latency_sum += m.latency();
}

void NetworkResults::write(const pdes::Record& record) {
  if (record.kind == PacketGenerated::kRecordKind) {
    const auto g = record.as<PacketGenerated>();
    messages_.add_generated(g);
    NodeSums& n = acc_.nodes[g.src];
    ++n.packets_generated;
    n.flits_generated += g.size;
    WindowSums& w = windows_[window_of(g.created)];
    ++w.packets_generated;
    w.flits_generated += g.size;
    if (!warmup_) {
      account_generated(g, params_.warmup_cycles, acc_);
    } else if (const std::uint64_t bound = warmup_->bound_cycle(); cycle_of(g.created) >= bound) {
      account_generated(g, bound, acc_);  // W <= bound: classified as with W itself
    } else {
      pending_generated_.push_back(g);
    }
  } else if (record.kind == PacketDelivered::kRecordKind) {
    const auto d = record.as<PacketDelivered>();
    NodeSums& n = acc_.nodes[d.dst];
    ++n.packets_received;
    n.flits_received += d.size;
    WindowSums& w = windows_[window_of(d.delivered)];
    ++w.packets_delivered;
    w.flits_delivered += d.size;
    w.latency_sum += d.latency();
    w.width_sum += d.width;
    w.noncanonical_packets += d.path != 0 ? 1 : 0;
    if (const auto m = messages_.add(d)) {
      if (params_.finite_workload) {
        SizeSums& size = message_sizes_[static_cast<std::uint32_t>(std::bit_width(m->flits) - 1)];
        ++size.messages;
        size.flits += m->flits;
        if (m->measured) {
          ++size.measured;
          size.latency_sum += m->latency();
        }
      }
      ++n.messages_received;
      n.last_message_delivered = std::max(n.last_message_delivered, m->delivered);
      if (!warmup_) {
        account_message(*m, params_.warmup_cycles, acc_);
      } else if (const std::uint64_t bound = warmup_->bound_cycle();
                 cycle_of(m->created) >= bound) {
        account_message(*m, bound, acc_);
      } else {
        pending_messages_.push_back(*m);
      }
    }
    if (!warmup_) {
      account_delivered(d, params_.warmup_cycles, acc_);
      return;
    }
    warmup_->add_delivery(cycle_of(d.delivered));
    // created <= delivered: a packet created at or after the bound is measured, and delivered
    // in the interval unless after its end, whatever W <= bound turns out to be.
    if (const std::uint64_t bound = warmup_->bound_cycle(); cycle_of(d.created) >= bound) {
      account_delivered(d, bound, acc_);
    } else {
      pending_delivered_.push_back(d);
    }
  } else if (record.kind == AckDelivered::kRecordKind) {
    // Whole-run counts (no warm-up): the ACK share of the traffic, and the windows.
    const auto a = record.as<AckDelivered>();
    NodeSums& n = acc_.nodes[a.dst];
    ++n.acks_received;
    n.ack_flits += a.size;
    WindowSums& w = windows_[window_of(a.delivered)];
    ++w.acks_delivered;
    w.ack_flits += a.size;
  } else if (record.kind == RouterPortTotals::kRecordKind) {
    ports_.push_back(record.as<RouterPortTotals>());
  } else {
    for (const auto& extension : extensions_) {
      if (extension->accepts(record.kind)) extension->write(record);
    }
  }
}

std::optional<std::uint64_t> NetworkResults::warmup_end() const {
  auto reduce = [&](io::Table table) {
    io::ResultSet local;
    local.tables.push_back(std::move(table));
    io::ResultSet all = params_.reduce
                            ? params_.reduce(local)
                            : io::merge_results(std::span<const io::ResultSet>(&local, 1));
    PDES_CHECK(all.tables.size() == 1, "the warm-up reduction lost its table");
    return std::move(all.tables[0]);
  };
  const std::uint64_t bound = WarmupByPackets::min_bound(reduce(warmup_->bound_table()));
  return WarmupByPackets::warmup_cycle(reduce(warmup_->counts_table(bound)),
                                       params_.warmup_packets);
}

io::ResultSet NetworkResults::local_results(const pdes::RunResult& /*run*/) const {
  std::uint64_t warmup = params_.warmup_cycles;
  const Accumulators* acc = &acc_;
  std::optional<Accumulators> settled;
  if (warmup_) {
    // Not reached: no packet is measured, and the interval is empty.
    const std::uint64_t w = warmup_end().value_or(std::numeric_limits<std::uint64_t>::max());
    settled = acc_;
    for (const PacketGenerated& g : pending_generated_) account_generated(g, w, *settled);
    for (const PacketDelivered& d : pending_delivered_) account_delivered(d, w, *settled);
    for (const DeliveredMessageRecord& m : pending_messages_) account_message(m, w, *settled);
    acc = &*settled;
    warmup = std::min(w, params_.measure_end_cycle);
  }

  io::ResultSet set;
  set.attributes["network/num_nodes"] = static_cast<std::int64_t>(params_.num_nodes);
  set.attributes["network/ticks_per_cycle"] = params_.ticks_per_cycle;
  set.attributes["network/warmup_cycles"] = static_cast<std::int64_t>(warmup);
  set.attributes["network/warmup_packets"] = static_cast<std::int64_t>(params_.warmup_packets);
  set.attributes["network/measure_end_cycle"] =
      static_cast<std::int64_t>(params_.measure_end_cycle);
  set.attributes["network/window_cycles"] = static_cast<std::int64_t>(params_.window_cycles);
  set.attributes["network/latency_table"] = std::string(to_string(params_.latency_table));
  set.attributes["network/packet_sample_every"] =
      static_cast<std::int64_t>(params_.packet_sample_every);
  set.attribute_units["network/ticks_per_cycle"] = "ps";
  set.attribute_units["network/warmup_cycles"] = "cycles";
  set.attribute_units["network/warmup_packets"] = "packets";
  set.attribute_units["network/measure_end_cycle"] = "cycles";
  set.attribute_units["network/window_cycles"] = "cycles";

  io::Table nodes(kNodesTable, "Per compute node: traffic generated and received, latency sums",
                  node_columns(), 1, io::Combine::kConcatenate);
  for (const auto& [node, n] : acc->nodes) {
    nodes.add_row({Cell::u64(node), Cell::u64(n.packets_generated), Cell::u64(n.flits_generated),
                   Cell::u64(n.flits_offered), Cell::u64(n.packets_received),
                   Cell::u64(n.flits_received), Cell::u64(n.flits_accepted),
                   Cell::u64(n.packets_measured), Cell::i64(n.latency_sum),
                   Cell::i64(n.network_latency_sum), Cell::u64(n.hops_sum),
                   Cell::u64(n.min_hops_sum), Cell::u64(n.blocked_cycles_sum),
                   Cell::u64(n.width_sum), Cell::u64(n.noncanonical_packets),
                   Cell::u64(n.acks_received), Cell::u64(n.ack_flits),
                   Cell::u64(n.messages_received), Cell::u64(n.messages_measured),
                   Cell::i64(n.message_latency_sum), Cell::i64(n.last_message_delivered)});
  }
  io::Table series(kTimeSeriesTable, "Per window of metrics.window_cycles cycles", window_columns(),
                   1, io::Combine::kSum);
  for (const auto& [window, w] : windows_) {
    series.add_row({Cell::u64(window), Cell::u64(w.packets_generated), Cell::u64(w.flits_generated),
                    Cell::u64(w.packets_delivered), Cell::u64(w.flits_delivered),
                    Cell::i64(w.latency_sum), Cell::u64(w.width_sum),
                    Cell::u64(w.noncanonical_packets), Cell::u64(w.acks_delivered),
                    Cell::u64(w.ack_flits)});
  }
  io::Table ports(kPortsTable,
                  "Per router output port, whole run: flits and heads sent, and the heads' "
                  "wait beyond the router pipeline (contention); the latency map",
                  {{"router", io::ColumnType::kUInt64, "", "router id"},
                   {"port", io::ColumnType::kUInt64, "", "output port of the router"},
                   {"terminal", io::ColumnType::kUInt64, "", "1 for an ejection port"},
                   {"flits", io::ColumnType::kUInt64, "flits", "flits sent on the port"},
                   {"packets", io::ColumnType::kUInt64, "packets", "heads sent on the port"},
                   {"head_wait_ticks", io::ColumnType::kUInt64, "ps",
                    "sum over the heads of their wait beyond the pipeline"}},
                  2, io::Combine::kConcatenate);
  for (const RouterPortTotals& t : ports_) {
    ports.add_row({Cell::u64(t.router), Cell::u64(t.port), Cell::u64(t.terminal),
                   Cell::u64(t.flits), Cell::u64(t.packets), Cell::u64(t.head_wait_ticks)});
  }
  io::Table sources(kSourcesTable,
                    "Per source: flits offered in the measurement interval, and of those the "
                    "flits delivered by the end of the run (the saturation test)",
                    {{"node", io::ColumnType::kUInt64, "", "source node id"},
                     {"flits_offered", io::ColumnType::kUInt64, "flits",
                      "flits of packets the node created in the measurement interval"},
                     {"flits_offered_delivered", io::ColumnType::kUInt64, "flits",
                      "flits of those packets delivered by the end of the run"},
                     {"packets_measured", io::ColumnType::kUInt64, "packets",
                      "packets of the node created after the warm-up and delivered"},
                     {"network_latency_sum", io::ColumnType::kInt64, "ps",
                      "sum over those packets of delivered - injected"}},
                    1, io::Combine::kSum);
  for (const auto& [node, s] : acc->sources) {
    sources.add_row({Cell::u64(node), Cell::u64(s.flits_offered),
                     Cell::u64(s.flits_offered_delivered), Cell::u64(s.packets_measured),
                     Cell::i64(s.network_latency_sum)});
  }
  set.tables.push_back(std::move(nodes));
  set.tables.push_back(std::move(sources));
  set.tables.push_back(std::move(series));
  set.tables.push_back(std::move(ports));
  if (acc->latency.granularity() != LatencyGranularity::kNone) {
    set.tables.push_back(acc->latency.table());
  }
  if (acc->samples.enabled()) set.tables.push_back(acc->samples.table());
  if (messages_.keeps_rows()) set.tables.push_back(messages_.table());
  if (params_.finite_workload) {
    io::Table sizes(kMessageSizesTable,
                    "Finite workloads: delivered messages by size, in powers of two of flits",
                    {{"size_class", io::ColumnType::kUInt64, "", "k: messages of 2^k to 2^(k+1)-1 flits"},
                     {"messages", io::ColumnType::kUInt64, "messages", "delivered"},
                     {"flits", io::ColumnType::kUInt64, "flits", "their total length"},
                     {"measured", io::ColumnType::kUInt64, "messages", "released after the warm-up"},
                     {"latency_sum", io::ColumnType::kInt64, "ps",
                      "sum over those of last packet delivered - release"}},
                    1, io::Combine::kSum);
    for (const auto& [k, s] : message_sizes_) {
      sizes.add_row({Cell::u64(k), Cell::u64(s.messages), Cell::u64(s.flits),
                     Cell::u64(s.measured), Cell::i64(s.latency_sum)});
    }
    set.tables.push_back(std::move(sizes));
  }
  for (const auto& extension : extensions_) extension->add_tables(set);
  return set;
}

std::vector<models::Figure> NetworkResults::summary(const io::DistributedTables& tables) const {
  using models::Figure;
  // Every figure below is a reduction over the ranks' slabs (collective, the same calls on
  // every rank): integer totals are exact sums, and the one floating-point sum over rows (the
  // destinations' means) is a fold in node order, so the figures are those of one process.
  const NodeTotals totals = node_totals(tables);
  // With traffic.warmup_packets the warm-up end is known only here, from the combined results.
  const std::uint64_t warmup = int_attribute(tables, "network/warmup_cycles");
  const double cycle = static_cast<double>(params_.ticks_per_cycle);
  // A finite workload is measured up to its last delivery (or the measurement end).
  const std::int64_t last_delivery = params_.finite_workload ? last_message_delivered(tables) : 0;
  std::uint64_t measure_end = params_.measure_end_cycle;
  if (params_.finite_workload) {
    measure_end = std::min(measure_end, cycle_of(last_delivery) + 1);
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
  const std::uint64_t min_hops = totals.min_hops_sum;
  if (min_hops > 0) {
    rows.push_back(Figure::number(
        "stretch", "path stretch",
        static_cast<double>(totals.hops_sum) / static_cast<double>(min_hops), "", "%.3f"));
  }
  // Source routings that choose among paths (packets carry a width only then).
  if (const std::uint64_t width = totals.width_sum; width > 0 && measured > 0) {
    rows.push_back(Figure::number("mean_width", "metapath width",
                                  static_cast<double>(width) / static_cast<double>(measured),
                                  "paths", "%.3f", " (mean at the path choice)"));
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
  const double sum_of_means = means.sum_of_means;
  const std::uint64_t destinations = means.destinations;
  rows.push_back(destinations == 0
                     ? Figure::missing("latency_dest_mean", "latency (dest. means)", "cycles",
                                       "n/a (no measured packet)")
                     : Figure::number("latency_dest_mean", "latency (dest. means)",
                                      sum_of_means / static_cast<double>(destinations),
                                      "cycles", "%.2f"));

  for (const auto& extension : extensions_) extension->add_figures(tables, rows);
  if (params_.finite_workload) {
    append_messages(totals.messages_received, totals.messages_measured, totals.message_latency_sum,
                    last_delivery, rows);
  } else {
    append_saturation(tables, warmup, rows);
  }
  return rows;
}

void NetworkResults::append_messages(std::uint64_t delivered, std::uint64_t measured,
                                     std::int64_t latency_sum, std::int64_t latest,
                                     std::vector<models::Figure>& rows) const {
  using models::Figure;
  const double cycle = static_cast<double>(params_.ticks_per_cycle);
  rows.push_back(Figure::number("messages_delivered", "messages delivered",
                                static_cast<double>(delivered), "", "%.0f"));
  rows.push_back(measured == 0 ? Figure::missing("message_latency", "message latency", "cycles",
                                                 "n/a (no measured message)")
                               : Figure::number("message_latency", "message latency",
                                                static_cast<double>(latency_sum) / cycle /
                                                    static_cast<double>(measured),
                                                "cycles", "%.2f", " (release to last packet)"));
  rows.push_back(latest == 0 ? Figure::missing("last_delivery", "last message delivered",
                                               "cycles", "n/a (no message delivered)")
                             : Figure::number("last_delivery", "last message delivered",
                                              static_cast<double>(latest) / cycle, "cycles",
                                              "%.0f"));
}

void NetworkResults::append_saturation(const io::DistributedTables& tables, std::uint64_t warmup,
                                       std::vector<models::Figure>& rows) const {
  using models::Figure;
  const SaturationVerdict v = judge_saturation(
      tables, {warmup, params_.measure_end_cycle, params_.window_cycles, params_.ticks_per_cycle});
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
