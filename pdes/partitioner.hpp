// SPDX-License-Identifier: Apache-2.0
//
// Partitioning: which rank owns which LP.
//
// A model describes its LPs as a PartitionGraph (cheap to build on every rank: ids, optional
// edges weighted by expected traffic, optional weights for the work each LP does). A
// Partitioner (implemented in partition/: block, round-robin, METIS, Scotch, a file) maps it to
// ranks. Each rank then builds only its own LPs.
// The mapping never changes results (the event order is total and independent of ranks); it
// changes only speed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pdes/lp_id.hpp"

namespace pdes {

/// The LPs of a model as a weighted graph, in compressed sparse row form. Edges may be empty
/// when the partitioner does not need them (block, round-robin).
struct PartitionGraph {
  std::uint64_t num_lps = 0;
  std::vector<std::uint64_t> edge_offsets;  ///< size num_lps + 1 when edges are given
  std::vector<std::uint64_t> edge_targets;
  std::vector<std::uint32_t> edge_weights;
  /// Optional: every LP id once, in an order that keeps LPs exchanging many events close
  /// together (the network model: each router followed by its nodes). Block partitioning cuts
  /// this order, not the id order, into contiguous blocks. Empty: the id order.
  std::vector<std::uint64_t> locality_order;
  /// Optional: the relative work of each LP (events it executes, in any unit the model likes;
  /// the network model: a router several times a node). Graph partitioners balance the sum of
  /// these weights per rank. Empty: every LP weighs 1.
  std::vector<std::uint32_t> vertex_weights;
  /// Optional: a cluster id per LP (0, 1, ... dense). LPs of one cluster belong together (the
  /// network model: a dragonfly group, a clique of routers with its nodes). The graph
  /// partitioners keep every cluster on one rank when that costs little balance
  /// (partition/whole_clusters.hpp). Empty: no clusters.
  std::vector<std::uint32_t> cluster_of;

  std::uint64_t weight_of(std::uint64_t lp) const {
    return vertex_weights.empty() ? 1 : vertex_weights[lp];
  }
};

/// The LP -> rank map.
struct Partition {
  int num_ranks = 1;
  std::vector<std::int32_t> rank_of_lp;  ///< indexed by LpId::value()

  int rank_of(LpId lp) const { return rank_of_lp[lp.value()]; }
  /// The LPs of `rank`, in increasing id order.
  std::vector<LpId> lps_of(int rank) const;
  /// Sum of the weights of edges whose ends lie on different ranks (0 without edges).
  std::uint64_t edge_cut(const PartitionGraph& graph) const;
  /// The sum of the LP weights of each rank (graph.vertex_weights; 1 per LP without them).
  std::vector<std::uint64_t> rank_weights(const PartitionGraph& graph) const;
  /// The heaviest rank's weight over the mean rank weight: 1.0 is perfect balance, 1.5 means
  /// the busiest rank has half as much work again as the average (and bounds the speed-up).
  double load_imbalance(const PartitionGraph& graph) const;
};

/// Contiguous blocks of LP ids, the first (num_lps mod num_ranks) blocks one LP larger. The
/// kernel's default mapping; partition::BlockPartitioner exposes it by name.
Partition block_partition(std::uint64_t num_lps, int num_ranks);
/// The same blocks, cut along graph.locality_order when it is given (else the id order).
Partition block_partition(const PartitionGraph& graph, int num_ranks);

class Partitioner {
 public:
  virtual ~Partitioner() = default;
  virtual std::string name() const = 0;
  /// Maps every LP of `graph` to one of `num_ranks` ranks. Throws ConfigError when it cannot
  /// (for example more ranks than LPs).
  virtual Partition partition(const PartitionGraph& graph, int num_ranks) const = 0;
};

}  // namespace pdes
