// SPDX-License-Identifier: Apache-2.0
//
// Reading the network model's configuration: the typed NetworkParams plus what the results need,
// with every cross-key check (the topology's own rules, routing against topology and VCs,
// patterns against the node count, on/off bursts, phases, warm-up against the run's end).
//
//   const net::NetworkSetup setup = net::network_setup_from(config);   // or io::ConfigErrors
//   net::build_network(sim, setup.params);
//
// Every problem becomes an issue of one io::ConfigErrors, naming its key and located where the
// user set it (a pdes::ConfigError from the model's own validation is turned into such an
// issue), so that all of them are reported at once. Independent checks all run; a check that
// needs the topology runs only when the topology could be built.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "io/config/config.hpp"
#include "models/network/build/network_build.hpp"
#include "models/network/build/network_params.hpp"
#include "models/network/metrics/latency_table.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

struct NetworkSetup {
  NetworkParams params;
  std::shared_ptr<const Topology> topology;  ///< built from params (for the partition graph)
  /// Everything the LPs share, built once while checking the configuration (the run uses it).
  NetworkParts parts;
  /// simulation.end_time in cycles, rounded up: no event runs at or after it.
  std::uint64_t end_cycle = 0;
  /// End of the measurement interval [warmup, measure_end): the first of end_cycle, the
  /// injection end and the end of the last phase repetition.
  std::uint64_t measure_end_cycle = 0;
  std::uint64_t window_cycles = 1000;  ///< metrics.window_cycles
  /// metrics.latency_table with "auto" resolved by the node count.
  LatencyGranularity latency_table = LatencyGranularity::kNone;
  std::uint64_t packet_sample_every = 0;  ///< metrics.packet_sample_every (0: off)
  bool message_table = false;             ///< metrics.message_table
  /// metrics.pair_series_sources, sorted, each once (checked against the node count).
  std::vector<std::uint64_t> pair_series_sources;
  /// traffic.warmup_packets (0: not given, the warm-up is params.warmup_cycles). When set,
  /// params.warmup_cycles is 0: the node LPs measure every packet and NetworkResults decides.
  std::uint64_t warmup_packets = 0;
};

/// Reads and checks the network keys of `config` (simulation.model = "network"); throws
/// io::ConfigErrors listing every problem.
NetworkSetup network_setup_from(const io::Config& config);

}  // namespace net
