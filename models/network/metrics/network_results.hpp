// SPDX-License-Identifier: Apache-2.0
//
// NetworkResults: the network model's results sink. It receives this rank's committed
// PacketGenerated and PacketDelivered records (it is the run's pdes::OutputSink), keeps integer
// sums only, and hands them over as tables that io::distribute merges bit-identically across
// ranks (sorted by key, concatenated or summed; each rank keeps a contiguous run of the rows):
//
//   network/nodes        one row per node that generated or received a packet (concatenated;
//                        a node's records all come from its own LP, so from one rank)
//   network/time_series  one row per window of metrics.window_cycles cycles (summed)
//   network/ports        one row per connected router output port (concatenated)
//   network/pairs        (metrics.latency_table = pairs) latency per (source, destination)
//   network/destinations (= destinations) latency per destination (latency_table.hpp)
//   network/packet_samples  (metrics.packet_sample_every > 0) sampled packets (packet_samples.hpp)
//   network/pair_series  (metrics.pair_series_sources) per pair and window: packets, width
//
// summary(tables) turns them into the end-of-run figures, from the tables spread over the ranks
// (io::distribute, io::DistributedTables): sums reduced across ranks, order-dependent sums folded
// in row order, never a whole table on one rank. Definitions (cycles; N nodes; the
// measurement interval is [warmup, measure_end), of length T):
//
//   offered load     flits of packets created in the interval / N / T
//   accepted load    flits of packets delivered in the interval / N / T   (flits/node/cycle)
//   latency          mean of delivered - created over measured packets (created >= warmup,
//                    PacketDelivered::measured), whenever delivered; network latency
//                    (delivered - injected) and source-queue wait (injected - created) split it
//   dest. means      the mean over destinations of each destination's mean latency (the seed 004
//                    thesis's global mean of means, Eq. 4.1/4.2)
//   saturation       "yes" when a source falls behind its offered load, latency grows over
//                    the measurement, or the network as a whole falls behind; "unknown" when
//                    none does and the run is too short to tell (saturation_test.hpp,
//                    docs/saturation.md). Each sign is a figure of its own.
//
// The generic tables are declared once each in network_tables.hpp (columns, units, what a
// record adds, how they total and combine); the summary (network_summary.cpp) reads their
// totals by column. Record kinds are registered in a RecordKinds (record_kinds.hpp): this
// class's own, then each extension's, and a kind registered twice is an error.
//
// The warm-up is either given in cycles (warmup_cycles, decided by the node LPs through
// PacketDelivered::measured), or in delivered packets (warmup_packets > 0; the node LPs then run
// with no warm-up). In the second case the warm-up end W is the cycle in which the network's
// K-th packet was delivered (warmup_by_packets.hpp), known only once every rank has committed
// its records: write() accounts at once for what is certainly after W, PacketWarmup
// (packet_warmup.hpp) keeps the few records that might lie before it, and local_results() finds
// W with two small collective reductions (params.reduce) and accounts for them. The attribute
// network/warmup_cycles is then W.
//
//   net::NetworkResults results(params);
//   sim.set_output_sink(&results);
//   ... run ...
//   io::DistributedResults mine = io::distribute(results.local_results(run), MPI_COMM_WORLD);
//   const io::DistributedTables tables(mine.slabs, MPI_COMM_WORLD);
//   for (const models::Figure& f : results.summary(tables)) print(f.label, f.text);
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/results/result_set.hpp"
#include "models/model.hpp"
#include "models/network/metrics/latency_table.hpp"
#include "models/network/metrics/message_log.hpp"
#include "models/network/metrics/network_tables.hpp"
#include "models/network/metrics/node_indexed.hpp"
#include "models/network/metrics/packet_records.hpp"
#include "models/network/metrics/packet_samples.hpp"
#include "models/network/metrics/packet_warmup.hpp"
#include "models/network/metrics/record_kinds.hpp"
#include "models/network/metrics/results_extension.hpp"
#include "models/network/metrics/router_records.hpp"

namespace net {

struct NetworkResultsParams {
  std::uint64_t num_nodes = 0;
  std::int64_t ticks_per_cycle = 1000;
  std::uint64_t warmup_cycles = 0;
  /// End (exclusive) of the measurement interval; must be finite and > warmup_cycles.
  std::uint64_t measure_end_cycle = 0;
  std::uint64_t window_cycles = 1000;  ///< > 0
  /// metrics.latency_table, resolved: network/pairs, network/destinations or neither.
  LatencyGranularity latency_table = LatencyGranularity::kNone;
  /// metrics.packet_sample_every: 1 in N measured packets in network/packet_samples; 0 = off.
  std::uint64_t packet_sample_every = 0;
  /// traffic.warmup_packets: > 0 counts the warm-up in delivered packets (warmup_cycles must
  /// then be 0, and the node LPs must mark every packet measured).
  std::uint64_t warmup_packets = 0;
  /// A finite workload (a set of messages, not steady synthetic traffic): the summary adds the
  /// message figures (messages delivered, message latency, last delivery), measures the loads
  /// up to the last delivery rather than to measure_end_cycle, and gives no saturation verdict
  /// (a steady-state notion).
  bool finite_workload = false;
  /// metrics.message_table: one row per delivered message in network/messages.
  bool message_table = false;
  /// metrics.pair_series_sources: the sources (ids < num_nodes) whose packets, per destination
  /// and window, go to network/pair_series (every delivered packet of the run, by the window its
  /// head left the source in, when the source chose its path); empty = no such table.
  std::vector<std::uint64_t> pair_series_sources;
  /// Combines a ResultSet over every rank (io::combine on the run's communicator): a collective
  /// that local_results() calls twice when warmup_packets > 0, on every rank. Not set: this
  /// process is the only rank (io::merge_results).
  std::function<io::ResultSet(const io::ResultSet&)> reduce;
};

class NetworkResults final : public models::ModelResults {
 public:
  // The generic tables (network_tables.hpp).
  static constexpr const char* kNodesTable = kNodesTableName;
  static constexpr const char* kTimeSeriesTable = kTimeSeriesTableName;
  static constexpr const char* kPortsTable = kPortsTableName;
  static constexpr const char* kSourcesTable = kSourcesTableName;
  static constexpr const char* kMessageSizesTable = kMessageSizesTableName;

  /// Throws pdes::InvariantError on an empty measurement interval, a zero window, or a warm-up
  /// given both in cycles and in packets.
  explicit NetworkResults(const NetworkResultsParams& params);

  /// The record kinds NetworkResults reads itself.
  static std::vector<RecordKind> own_record_kinds();

  /// Adds a part's own results (a routing's, a selection's, a workload's): the record kinds it
  /// declares go to it, its tables and figures join the results. Throws pdes::InvariantError
  /// when one of its kinds is already registered (by NetworkResults or another extension).
  void add_extension(std::unique_ptr<ResultsExtension> extension);
  /// Every record kind these results read.
  const RecordKinds& record_kinds() const { return kinds_; }

  /// Records of a kind nobody registered are ignored.
  void write(const pdes::Record& record) override;
  /// Collective when warmup_packets > 0 (see NetworkResultsParams::reduce).
  io::ResultSet local_results(const pdes::RunResult& run) const override;
  /// Collective: every figure is reduced from the ranks' slabs (no rank holds a table whole).
  std::vector<models::Figure> summary(const io::DistributedTables& tables) const override;
  using models::ModelResults::summary;

 private:
  // What depends on the warm-up end (and the per-node counts kept with it).
  struct Accumulators {
    NodeIndexed<NodeSums> nodes;  // by node id; rows come out sorted
    NodeIndexed<SourceSums> sources;
    LatencyTable latency;
    PacketSamples samples;
  };
  // Readers in kinds_: NetworkResults itself, or extensions_[reader - 1].
  static constexpr std::size_t kSelf = 0;

  std::uint64_t cycle_of(std::int64_t ticks) const;
  bool in_interval(std::int64_t ticks, std::uint64_t warmup) const;
  std::uint64_t window_of(std::int64_t ticks) const;
  void write_generated(const PacketGenerated& g);
  void write_delivered(const PacketDelivered& d);
  void write_ack(const AckDelivered& a);
  // The parts of a record that depend on the warm-up end `warmup` (cycles).
  void account_generated(const PacketGenerated& g, std::uint64_t warmup, Accumulators& acc) const;
  void account_delivered(const PacketDelivered& d, std::uint64_t warmup, Accumulators& acc) const;
  void account_message(const DeliveredMessageRecord& m, std::uint64_t warmup,
                       Accumulators& acc) const;
  // Accounts `record`, created at `created` (ticks), with its warm-up end if that is known, or
  // defers it (warm-up in packets).
  template <class R>
  void account_or_defer(const R& record, std::int64_t created);
  // The message figures (params_.finite_workload), from the nodes' totals.
  void append_messages(const NodeSums& totals, std::vector<models::Figure>& rows) const;

  NetworkResultsParams params_;
  RecordKinds kinds_;
  Accumulators acc_;
  std::map<std::uint64_t, WindowSums> windows_;
  std::vector<RouterPortTotals> ports_;  // from RouterLp::on_finish
  MessageLog messages_;
  std::map<std::uint32_t, SizeSums> message_sizes_;  // by SizeSums::size_class
  std::vector<char> series_source_;  // by node: 1 if params_.pair_series_sources names it
  std::map<std::array<std::uint64_t, 3>, PairWindowSums> pair_windows_;  // (src, dst, window)
  std::vector<std::unique_ptr<ResultsExtension>> extensions_;
  // warmup_packets > 0 only.
  std::optional<PacketWarmup> warmup_;
};

}  // namespace net
