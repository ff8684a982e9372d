// SPDX-License-Identifier: Apache-2.0
//
// NetworkResults: the network model's results sink. It receives this rank's committed
// PacketGenerated and PacketDelivered records (it is the run's pdes::OutputSink), keeps integer
// sums only, and hands them over as two tables that io::combine merges bit-identically across
// ranks:
//
//   network/nodes        one row per node that generated or received a packet (concatenated;
//                        a node's records all come from its own LP, so from one rank)
//   network/time_series  one row per window of metrics.window_cycles cycles (summed)
//
// summary(combined) turns them into the end-of-run figures. Definitions (cycles; N nodes; the
// measurement interval is [warmup, measure_end), of length T):
//
//   offered load     flits of packets created in the interval / N / T
//   accepted load    flits of packets delivered in the interval / N / T   (flits/node/cycle)
//   latency          mean of delivered - created over measured packets (created >= warmup,
//                    PacketDelivered::measured), whenever delivered; network latency and
//                    source-queue wait split it (latency_summary.hpp)
//   dest. means      the mean over destinations of each destination's mean latency (the PR-DRB
//                    thesis's global mean of means, Eq. 4.1/4.2)
//   saturation       "yes" when the source queues keep growing: over the windows that lie
//                    entirely in the second half of the interval, fewer than 95% of the flits
//                    generated were delivered (the backlog grew by more than 5% of the offered
//                    flits); "unknown" when fewer than two windows fit there or nothing was
//                    offered. Using the second half ignores the fill-up transient after the
//                    warm-up.
//
//   net::NetworkResults results(params);
//   sim.set_output_sink(&results);
//   ... run ...
//   io::ResultSet all = io::combine(results.local_results(run), MPI_COMM_WORLD);
//   for (auto& [label, value] : results.summary(all)) print(label, value);
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "io/results/result_set.hpp"
#include "models/network/metrics/router_records.hpp"
#include "models/model.hpp"

namespace net {

struct NetworkResultsParams {
  std::uint64_t num_nodes = 0;
  std::int64_t ticks_per_cycle = 1000;
  std::uint64_t warmup_cycles = 0;
  /// End (exclusive) of the measurement interval; must be finite and > warmup_cycles.
  std::uint64_t measure_end_cycle = 0;
  std::uint64_t window_cycles = 1000;  ///< > 0
};

class NetworkResults final : public models::ModelResults {
 public:
  static constexpr const char* kNodesTable = "network/nodes";
  static constexpr const char* kTimeSeriesTable = "network/time_series";
  /// The latency map: one row per (router, output port) from RouterPortTotals.
  static constexpr const char* kPortsTable = "network/ports";

  /// Throws pdes::InvariantError on an empty measurement interval or a zero window.
  explicit NetworkResults(const NetworkResultsParams& params);

  void write(const pdes::Record& record) override;
  io::ResultSet local_results(const pdes::RunResult& run) const override;
  std::vector<std::pair<std::string, std::string>> summary(
      const io::ResultSet& combined) const override;

 private:
  struct NodeSums {
    std::uint64_t packets_generated = 0;
    std::uint64_t flits_generated = 0;
    std::uint64_t flits_offered = 0;
    std::uint64_t packets_received = 0;
    std::uint64_t flits_received = 0;
    std::uint64_t flits_accepted = 0;
    std::uint64_t packets_measured = 0;
    std::int64_t latency_sum = 0;          // ticks
    std::int64_t network_latency_sum = 0;  // ticks
    std::uint64_t hops_sum = 0;
  };
  struct WindowSums {
    std::uint64_t packets_generated = 0;
    std::uint64_t flits_generated = 0;
    std::uint64_t packets_delivered = 0;
    std::uint64_t flits_delivered = 0;
    std::int64_t latency_sum = 0;  // ticks
  };

  bool in_interval(std::int64_t ticks) const;
  std::uint64_t window_of(std::int64_t ticks) const;

  NetworkResultsParams params_;
  std::map<std::uint64_t, NodeSums> nodes_;  // ordered: rows come out sorted
  std::map<std::uint64_t, WindowSums> windows_;
  std::vector<RouterPortTotals> ports_;  // from RouterLp::on_finish
};

}  // namespace net
