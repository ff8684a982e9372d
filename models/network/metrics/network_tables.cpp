// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/network_tables.hpp"

#include <algorithm>
#include <bit>

namespace net {

PortSums PortSums::of(const RouterPortTotals& t) {
  return {t.terminal, t.flits, t.packets, t.head_wait_ticks, t.flits_measured};
}

std::uint32_t SizeSums::size_class(std::uint64_t flits) {
  return static_cast<std::uint32_t>(std::bit_width(flits) - 1);
}

void SizeSums::add(const DeliveredMessageRecord& m) {
  ++messages;
  flits += m.flits;
  if (m.measured) {
    ++measured;
    latency_sum += m.latency();
  }
}

const TableSpec<NodeSums>& node_table() {
  using S = NodeSums;
  static const TableSpec<S> spec(
      kNodesTableName, "Per compute node: traffic generated and received, latency sums",
      {{"node", io::ColumnType::kUInt64, "", "node id"}},
      {
          u64_field("packets_generated", &S::packets_generated, "packets",
                    "packets created by the node"),
          u64_field("flits_generated", &S::flits_generated, "flits", "flits of those packets"),
          u64_field("flits_offered", &S::flits_offered, "flits",
                    "flits of packets created in the measurement interval"),
          u64_field("packets_received", &S::packets_received, "packets",
                    "packets delivered to the node"),
          u64_field("flits_received", &S::flits_received, "flits", "flits of those packets"),
          u64_field("flits_accepted", &S::flits_accepted, "flits",
                    "flits of packets delivered to the node in the measurement interval"),
          u64_field("packets_measured", &S::packets_measured, "packets",
                    "packets delivered to the node that were created after the warm-up"),
          i64_field("latency_sum", &S::latency_sum, "ps",
                    "sum over measured packets of delivered - created (1000 ps per cycle)"),
          i64_field("network_latency_sum", &S::network_latency_sum, "ps",
                    "sum over measured packets of delivered - injected"),
          u64_field("hops_sum", &S::hops_sum, "routers",
                    "sum over measured packets of routers crossed"),
          u64_field("min_hops_sum", &S::min_hops_sum, "routers",
                    "sum over measured packets of the routers on a minimal path (path stretch "
                    "= hops_sum / min_hops_sum)"),
          u64_field("blocked_cycles_sum", &S::blocked_cycles_sum, "cycles",
                    "sum over measured packets of the cycles their heads waited at routers "
                    "beyond the pipeline (contention)"),
          u64_field("width_sum", &S::width_sum, "paths",
                    "sum over measured packets of the paths open when their path was chosen (0 "
                    "without a source routing that chooses)"),
          u64_field("noncanonical_packets", &S::noncanonical_packets, "packets",
                    "measured packets that took a path other than the canonical one"),
          u64_field("acks_received", &S::acks_received, "packets",
                    "ACKs that reached the node (as a source), whole run"),
          u64_field("ack_flits", &S::ack_flits, "flits",
                    "flits of those ACKs that crossed the network (0 through the ideal side "
                    "channel)"),
          u64_field("messages_received", &S::messages_received, "messages",
                    "messages complete at the node (all their packets arrived), whole run"),
          u64_field("messages_measured", &S::messages_measured, "messages",
                    "of those, messages released after the warm-up"),
          i64_field("message_latency_sum", &S::message_latency_sum, "ps",
                    "sum over measured messages of last packet delivered - released"),
          i64_field("last_message_delivered", &S::last_message_delivered, "ps",
                    "arrival of the last message complete at the node (0: none)", Merge::kMax),
      },
      io::Combine::kConcatenate);
  return spec;
}

const TableSpec<WindowSums>& time_series_table() {
  using S = WindowSums;
  static const TableSpec<S> spec(
      kTimeSeriesTableName, "Per window of metrics.window_cycles cycles",
      {{"window", io::ColumnType::kUInt64, "", "window index: cycles [w W, (w + 1) W)"}},
      {
          u64_field("packets_generated", &S::packets_generated, "packets",
                    "packets created in the window"),
          u64_field("flits_generated", &S::flits_generated, "flits", "flits of those packets"),
          u64_field("packets_delivered", &S::packets_delivered, "packets",
                    "packets delivered in the window"),
          u64_field("flits_delivered", &S::flits_delivered, "flits", "flits of those packets"),
          i64_field("latency_sum", &S::latency_sum, "ps",
                    "sum of delivered - created of the packets delivered in the window"),
          u64_field("width_sum", &S::width_sum, "paths",
                    "sum of the paths open at the path choice of the packets delivered in the "
                    "window"),
          u64_field("noncanonical_packets", &S::noncanonical_packets, "packets",
                    "packets delivered in the window on a path other than the canonical one"),
          u64_field("acks_delivered", &S::acks_delivered, "packets",
                    "ACKs delivered in the window"),
          u64_field("ack_flits", &S::ack_flits, "flits",
                    "flits of those ACKs that crossed the network"),
      },
      io::Combine::kSum);
  return spec;
}

const TableSpec<SourceSums>& source_table() {
  using S = SourceSums;
  static const TableSpec<S> spec(
      kSourcesTableName,
      "Per source: flits offered in the measurement interval, and of those the flits delivered "
      "by the end of the run (the saturation test)",
      {{"node", io::ColumnType::kUInt64, "", "source node id"}},
      {
          u64_field("flits_offered", &S::flits_offered, "flits",
                    "flits of packets the node created in the measurement interval"),
          u64_field("flits_offered_delivered", &S::flits_offered_delivered, "flits",
                    "flits of those packets delivered by the end of the run"),
          u64_field("packets_measured", &S::packets_measured, "packets",
                    "packets of the node created after the warm-up and delivered"),
          i64_field("network_latency_sum", &S::network_latency_sum, "ps",
                    "sum over those packets of delivered - injected"),
      },
      io::Combine::kSum);
  return spec;
}

const TableSpec<PortSums>& port_table() {
  using S = PortSums;
  static const TableSpec<S> spec(
      kPortsTableName,
      "Per router output port, whole run: flits and heads sent, and the heads' wait beyond the "
      "router pipeline (contention); the latency map",
      {{"router", io::ColumnType::kUInt64, "", "router id"},
       {"port", io::ColumnType::kUInt64, "", "output port of the router"}},
      {
          u64_field("terminal", &S::terminal, "", "1 for an ejection port"),
          u64_field("flits", &S::flits, "flits", "flits sent on the port"),
          u64_field("packets", &S::packets, "packets", "heads sent on the port"),
          u64_field("head_wait_ticks", &S::head_wait_ticks, "ps",
                    "sum over the heads of their wait beyond the pipeline"),
          u64_field("flits_measured", &S::flits_measured, "flits",
                    "flits sent on the port from the end of the warm-up (in cycles) on"),
      },
      io::Combine::kConcatenate);
  return spec;
}

const TableSpec<SizeSums>& message_size_table() {
  using S = SizeSums;
  static const TableSpec<S> spec(
      kMessageSizesTableName,
      "Finite workloads: delivered messages by size, in powers of two of flits",
      {{"size_class", io::ColumnType::kUInt64, "", "k: messages of 2^k to 2^(k+1)-1 flits"}},
      {
          u64_field("messages", &S::messages, "messages", "delivered"),
          u64_field("flits", &S::flits, "flits", "their total length"),
          u64_field("measured", &S::measured, "messages", "released after the warm-up"),
          i64_field("latency_sum", &S::latency_sum, "ps",
                    "sum over those of last packet delivered - release"),
      },
      io::Combine::kSum);
  return spec;
}

const TableSpec<PairWindowSums>& pair_series_table() {
  using S = PairWindowSums;
  static const TableSpec<S> spec(
      kPairSeriesTableName,
      "Per (source, destination) of the sources metrics.pair_series_sources names, per window "
      "of metrics.window_cycles cycles in which their heads left the source: the packets "
      "(delivered by the end of the run) and the paths open at their path choice",
      {{"src", io::ColumnType::kUInt64, "", "source node id"},
       {"dst", io::ColumnType::kUInt64, "", "destination node id"},
       {"window", io::ColumnType::kUInt64, "", "window index: cycles [w W, (w + 1) W)"}},
      {
          u64_field("packets_delivered", &S::packets_delivered, "packets",
                    "packets of the pair injected in the window and delivered"),
          i64_field("latency_sum", &S::latency_sum, "ps",
                    "sum of delivered - created over those packets"),
          u64_field("width_sum", &S::width_sum, "paths",
                    "sum of the paths open at their path choice (DRB: the metapath width; mean "
                    "width = width_sum / packets_delivered)"),
          u64_field("width_max", &S::width_max, "paths",
                    "the widest metapath one of them was routed on", Merge::kMax),
          u64_field("noncanonical_packets", &S::noncanonical_packets, "packets",
                    "of those, packets on a path other than the canonical one"),
      },
      io::Combine::kConcatenate);
  return spec;
}

}  // namespace net
