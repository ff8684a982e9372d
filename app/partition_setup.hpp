// SPDX-License-Identifier: Apache-2.0
//
// choose_partition: the run's LP -> rank mapping from the configuration (simulation.partitioner,
// simulation.partition_file) and the model's LP graph, with the figures the summary and the
// results file report about it.
//
// Every rank computes the mapping itself (the graph is cheap and the partitioners are
// deterministic: METIS and Scotch are seeded), then the ranks compare a hash of it: a
// difference would silently break the run (LPs owned twice or never), so it is an
// InvariantError on every rank instead.
//
//   const ChosenPartition chosen = choose_partition(config, graph, sim.num_ranks(), comm);
//   sim.set_partition(chosen.partition);
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "io/config/config.hpp"
#include "pdes/partitioner.hpp"

namespace app {

struct ChosenPartition {
  std::string partitioner;  ///< registry name
  pdes::Partition partition;
  std::uint64_t edge_cut = 0;
  double load_imbalance = 1.0;              ///< heaviest rank's LP weight / mean
  std::vector<std::uint64_t> rank_lps;      ///< LPs per rank
  std::vector<std::uint64_t> rank_weights;  ///< LP weight per rank
};

/// Throws pdes::ConfigError for an impossible request (more ranks than LPs, a partition file
/// that does not match), pdes::InvariantError when ranks disagree. Collective over `comm` when
/// MPI is initialised.
ChosenPartition choose_partition(const io::Config& config, const pdes::PartitionGraph& graph,
                                 int num_ranks, MPI_Comm comm);

/// "rank 0: 4,160 LPs (weight 24,896), rank 1: ..." for up to 8 ranks; beyond, the extremes:
/// "LPs per rank 1,024 .. 1,040; weight per rank 6,144 .. 6,240".
std::string describe_ranks(const ChosenPartition& chosen);

}  // namespace app
