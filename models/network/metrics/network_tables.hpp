// SPDX-License-Identifier: Apache-2.0
//
// The network model's generic results tables, each declared once (table_spec.hpp): the sums one
// row keeps, what a committed record adds to them, and the table's spec (columns, units,
// descriptions, how each column totals and how the table combines across ranks).
// docs/hdf5-schema.md documents the same tables for readers of the results file.
//
//   network/nodes        NodeSums per node; concatenated (a node's records come from its own
//                        LP, so from one rank)
//   network/time_series  WindowSums per window of metrics.window_cycles cycles; summed
//   network/sources      SourceSums per source node; summed (generation is counted on the
//                        source's rank, delivery on the destination's)
//   network/ports        PortSums per (router, output port), from RouterPortTotals; concatenated
//   network/message_sizes  SizeSums per size class (finite workloads); summed
//   network/pair_series  PairWindowSums per (source, destination, window) of the sources
//                        metrics.pair_series_sources names; concatenated (a packet's delivery
//                        is recorded on its destination's rank)
//
// The warm-up decides some of the sums (a packet created after it is measured): those are
// added by NetworkResults once it knows the warm-up end for the record (network_results.hpp);
// the members say which.
#pragma once

#include <algorithm>
#include <cstdint>

#include "models/network/metrics/message_log.hpp"
#include "models/network/metrics/packet_records.hpp"
#include "models/network/metrics/router_records.hpp"
#include "models/network/metrics/table_spec.hpp"

namespace net {

inline constexpr const char* kNodesTableName = "network/nodes";
inline constexpr const char* kTimeSeriesTableName = "network/time_series";
inline constexpr const char* kSourcesTableName = "network/sources";
inline constexpr const char* kPortsTableName = "network/ports";
inline constexpr const char* kMessageSizesTableName = "network/message_sizes";
inline constexpr const char* kPairSeriesTableName = "network/pair_series";

struct NodeSums {
  // Whole run.
  std::uint64_t packets_generated = 0;
  std::uint64_t flits_generated = 0;
  // Created in the measurement interval (as a source).
  std::uint64_t flits_offered = 0;
  // Whole run, as a destination.
  std::uint64_t packets_received = 0;
  std::uint64_t flits_received = 0;
  // Delivered in the measurement interval.
  std::uint64_t flits_accepted = 0;
  // Measured packets (created after the warm-up), as a destination.
  std::uint64_t packets_measured = 0;
  std::int64_t latency_sum = 0;          // ticks
  std::int64_t network_latency_sum = 0;  // ticks
  std::uint64_t hops_sum = 0;
  std::uint64_t min_hops_sum = 0;        // routers on minimal paths, for the path stretch
  std::uint64_t blocked_cycles_sum = 0;  // contention met by the heads
  std::uint64_t width_sum = 0;           // paths open at the path choice (RouteLabel)
  std::uint64_t noncanonical_packets = 0;
  // Whole run, at the data packets' sources.
  std::uint64_t acks_received = 0;
  std::uint64_t ack_flits = 0;  // of those, flits that crossed the network
  // Messages complete at the node (as a destination): whole run, then those released after the
  // warm-up with their latencies.
  std::uint64_t messages_received = 0;
  std::uint64_t messages_measured = 0;
  std::int64_t message_latency_sum = 0;     // ticks
  std::int64_t last_message_delivered = 0;  // ticks; 0: none

  void add_generated(const PacketGenerated& g);
  void add_received(const PacketDelivered& d);
  void add_measured(const PacketDelivered& d);
  void add_ack(const AckDelivered& a);
  void add_message(const DeliveredMessageRecord& m);
  void add_measured_message(const DeliveredMessageRecord& m);
};

struct WindowSums {
  std::uint64_t packets_generated = 0;
  std::uint64_t flits_generated = 0;
  std::uint64_t packets_delivered = 0;
  std::uint64_t flits_delivered = 0;
  std::int64_t latency_sum = 0;  // ticks
  std::uint64_t width_sum = 0;
  std::uint64_t noncanonical_packets = 0;
  std::uint64_t acks_delivered = 0;
  std::uint64_t ack_flits = 0;

  void add_generated(const PacketGenerated& g);
  void add_delivered(const PacketDelivered& d);
  void add_ack(const AckDelivered& a);
};

// Per (source, destination, window), for the sources metrics.pair_series_sources names: the
// delivered packets of the pair whose head left the source in the window (when the source chose
// their path) and the metapath width at that choice, so that a source routing's width can be
// followed over time pair by pair (DRB opening paths).
struct PairWindowSums {
  std::uint64_t packets_delivered = 0;
  std::int64_t latency_sum = 0;  // ticks
  std::uint64_t width_sum = 0;
  std::uint64_t width_max = 0;
  std::uint64_t noncanonical_packets = 0;

  void add_delivered(const PacketDelivered& d);
};

// Per source: what it offered in the measurement interval and how much of that arrived by the
// end of the run (the saturation test, saturation_test.hpp).
struct SourceSums {
  std::uint64_t flits_offered = 0;
  std::uint64_t flits_offered_delivered = 0;
  std::uint64_t packets_measured = 0;    // its packets created after the warm-up, delivered
  std::int64_t network_latency_sum = 0;  // ticks, over those packets

  void add_measured(const PacketDelivered& d);
};

struct PortSums {
  std::uint64_t terminal = 0;
  std::uint64_t flits = 0;
  std::uint64_t packets = 0;
  std::uint64_t head_wait_ticks = 0;
  std::uint64_t flits_measured = 0;

  static PortSums of(const RouterPortTotals& t);
};

// Finite workloads: delivered messages by size class k (2^k to 2^(k+1) - 1 flits).
struct SizeSums {
  std::uint64_t messages = 0;
  std::uint64_t flits = 0;
  std::uint64_t measured = 0;
  std::int64_t latency_sum = 0;  // ticks, over the measured ones

  /// The size class of a message of `flits` flits (> 0).
  static std::uint32_t size_class(std::uint64_t flits);
  void add(const DeliveredMessageRecord& m);
};

const TableSpec<NodeSums>& node_table();
const TableSpec<WindowSums>& time_series_table();
const TableSpec<SourceSums>& source_table();
const TableSpec<PortSums>& port_table();
const TableSpec<SizeSums>& message_size_table();
const TableSpec<PairWindowSums>& pair_series_table();


// Per committed record, so defined here where the results loop can inline them.
inline void NodeSums::add_generated(const PacketGenerated& g) {
  ++packets_generated;
  flits_generated += g.size;
}

inline void NodeSums::add_received(const PacketDelivered& d) {
  ++packets_received;
  flits_received += d.size;
}

inline void NodeSums::add_measured(const PacketDelivered& d) {
  ++packets_measured;
  latency_sum += d.latency();
  network_latency_sum += d.network_latency();
  hops_sum += d.hops;
  min_hops_sum += d.min_hops;
  blocked_cycles_sum += d.blocked_cycles;
  width_sum += d.width;
  noncanonical_packets += d.path != 0 ? 1 : 0;
}

inline void NodeSums::add_ack(const AckDelivered& a) {
  ++acks_received;
  ack_flits += a.size;
}

inline void NodeSums::add_message(const DeliveredMessageRecord& m) {
  ++messages_received;
  last_message_delivered = std::max(last_message_delivered, m.delivered);
}

inline void NodeSums::add_measured_message(const DeliveredMessageRecord& m) {
  ++messages_measured;
  message_latency_sum += m.latency();
}

inline void WindowSums::add_generated(const PacketGenerated& g) {
  ++packets_generated;
  flits_generated += g.size;
}

inline void WindowSums::add_delivered(const PacketDelivered& d) {
  ++packets_delivered;
  flits_delivered += d.size;
  latency_sum += d.latency();
  width_sum += d.width;
  noncanonical_packets += d.path != 0 ? 1 : 0;
}

inline void PairWindowSums::add_delivered(const PacketDelivered& d) {
  ++packets_delivered;
  latency_sum += d.latency();
  width_sum += d.width;
  width_max = std::max<std::uint64_t>(width_max, d.width);
  noncanonical_packets += d.path != 0 ? 1 : 0;
}

inline void WindowSums::add_ack(const AckDelivered& a) {
  ++acks_delivered;
  ack_flits += a.size;
}

inline void SourceSums::add_measured(const PacketDelivered& d) {
  ++packets_measured;
  network_latency_sum += d.network_latency();
}

}  // namespace net
