// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/network_results.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>

#include "pdes/error.hpp"

namespace net {

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
  for (const std::uint64_t node : params_.pair_series_sources) {
    PDES_CHECK(node < params_.num_nodes, "a pair-series source that is not a node");
    series_source_.resize(params_.num_nodes, 0);
    series_source_[node] = 1;
  }
  for (const RecordKind& kind : own_record_kinds()) kinds_.add(kind, kSelf);
}

std::vector<RecordKind> NetworkResults::own_record_kinds() {
  return {record_kind<PacketGenerated>("PacketGenerated"),
          record_kind<PacketDelivered>("PacketDelivered"),
          record_kind<AckDelivered>("AckDelivered"),
          record_kind<RouterPortTotals>("RouterPortTotals")};
}

void NetworkResults::add_extension(std::unique_ptr<ResultsExtension> extension) {
  PDES_CHECK(extension != nullptr, "a null results extension");
  const std::size_t reader = extensions_.size() + 1;
  for (const RecordKind& kind : extension->record_kinds()) kinds_.add(kind, reader);
  extensions_.push_back(std::move(extension));
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
  acc.sources[d.src].add_measured(d);
  n.add_measured(d);
  if (acc.latency.granularity() != LatencyGranularity::kNone) acc.latency.add(d);
  if (acc.samples.selects(d)) acc.samples.add(d);
}

void NetworkResults::account_message(const DeliveredMessageRecord& m, std::uint64_t warmup,
                                     Accumulators& acc) const {
  // As for packets: by cycles the node LPs decided, by packets the warm-up end does.
  const bool measured = warmup_ ? cycle_of(m.created) >= warmup : m.measured;
  if (measured) acc.nodes[m.dst].add_measured_message(m);
}

template <class R>
void NetworkResults::account_or_defer(const R& record, std::int64_t created) {
  std::optional<std::uint64_t> warmup = params_.warmup_cycles;
  if (warmup_) warmup = warmup_->settled(cycle_of(created));
  if (!warmup) {
    warmup_->defer(record);
  } else if constexpr (std::is_same_v<R, PacketGenerated>) {
    account_generated(record, *warmup, acc_);
  } else if constexpr (std::is_same_v<R, PacketDelivered>) {
    account_delivered(record, *warmup, acc_);
  } else {
    account_message(record, *warmup, acc_);
  }
}

void NetworkResults::write(const pdes::Record& record) {
  const RecordKinds::Entry* entry = kinds_.find(record.kind);
  if (entry == nullptr) return;
  if (entry->reader != kSelf) {
    extensions_[entry->reader - 1]->write(record);
  } else if (record.kind == PacketGenerated::kRecordKind) {
    write_generated(record.as<PacketGenerated>());
  } else if (record.kind == PacketDelivered::kRecordKind) {
    write_delivered(record.as<PacketDelivered>());
  } else if (record.kind == AckDelivered::kRecordKind) {
    write_ack(record.as<AckDelivered>());
  } else {
    ports_.push_back(record.as<RouterPortTotals>());
  }
}

void NetworkResults::write_generated(const PacketGenerated& g) {
  messages_.add_generated(g);
  acc_.nodes[g.src].add_generated(g);
  windows_[window_of(g.created)].add_generated(g);
  account_or_defer(g, g.created);
}

void NetworkResults::write_delivered(const PacketDelivered& d) {
  NodeSums& node = acc_.nodes[d.dst];  // one lookup per record (it is per packet)
  node.add_received(d);
  windows_[window_of(d.delivered)].add_delivered(d);
  if (!series_source_.empty() && series_source_[d.src] != 0) {
    // By injection: the width is the source's when it chose the path, as the head left it.
    pair_windows_[{d.src, d.dst, window_of(d.injected)}].add_delivered(d);
  }
  if (const auto m = messages_.add(d)) {
    if (params_.finite_workload) message_sizes_[SizeSums::size_class(m->flits)].add(*m);
    node.add_message(*m);
    account_or_defer(*m, m->created);
  }
  // The delivery first: it may lower the bound by which this very packet is classified.
  if (warmup_) warmup_->add_delivery(cycle_of(d.delivered));
  account_or_defer(d, d.created);
}

void NetworkResults::write_ack(const AckDelivered& a) {
  // Whole-run counts (no warm-up): the ACK share of the traffic, and the windows.
  acc_.nodes[a.dst].add_ack(a);
  windows_[window_of(a.delivered)].add_ack(a);
}

io::ResultSet NetworkResults::local_results(const pdes::RunResult& /*run*/) const {
  std::uint64_t warmup = params_.warmup_cycles;
  const Accumulators* acc = &acc_;
  std::optional<Accumulators> settled;
  if (warmup_) {
    // Not reached: no packet is measured, and the interval is empty.
    const std::uint64_t w =
        warmup_->warmup_end(params_.reduce).value_or(std::numeric_limits<std::uint64_t>::max());
    settled = acc_;
    for (const PacketGenerated& g : warmup_->deferred_generated()) {
      account_generated(g, w, *settled);
    }
    for (const PacketDelivered& d : warmup_->deferred_delivered()) {
      account_delivered(d, w, *settled);
    }
    for (const DeliveredMessageRecord& m : warmup_->deferred_messages()) {
      account_message(m, w, *settled);
    }
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

  set.tables.push_back(node_table().table(acc->nodes));
  set.tables.push_back(source_table().table(acc->sources));
  set.tables.push_back(time_series_table().table(windows_));
  io::Table ports = port_table().empty_table();
  for (const RouterPortTotals& t : ports_) {
    port_table().add_row(ports, {t.router, t.port}, PortSums::of(t));
  }
  set.tables.push_back(std::move(ports));
  if (acc->latency.granularity() != LatencyGranularity::kNone) {
    set.tables.push_back(acc->latency.table());
  }
  if (acc->samples.enabled()) set.tables.push_back(acc->samples.table());
  if (messages_.keeps_rows()) set.tables.push_back(messages_.table());
  if (params_.finite_workload) set.tables.push_back(message_size_table().table(message_sizes_));
  if (!series_source_.empty()) {
    io::Table series = pair_series_table().empty_table();
    for (const auto& [key, sums] : pair_windows_) {
      pair_series_table().add_row(series, {key[0], key[1], key[2]}, sums);
    }
    set.tables.push_back(std::move(series));
  }
  for (const auto& extension : extensions_) extension->add_tables(set);
  return set;
}

}  // namespace net
