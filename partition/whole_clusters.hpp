// SPDX-License-Identifier: Apache-2.0
//
// Keeping clusters whole (PartitionGraph::cluster_of, e.g. a dragonfly's groups).
//
// A multilevel partitioner minimises the cut greedily and does not see that a clique of
// routers is best kept on one rank: METIS split the groups of a 9-group dragonfly over 9 ranks
// and cut 36 % more links than one group per rank. partition_keeping_clusters therefore
// partitions the graph of clusters first (one vertex per cluster, weighing its LPs' sum; an edge
// per pair of clusters, weighing the edges between them) and expands the result. It keeps that
// mapping when every rank gets at least one cluster and the load imbalance stays within
// kClusterImbalance; otherwise (fewer clusters than ranks, or clusters too coarse to balance, as
// 33 groups over 4 ranks) it partitions the full graph as if there were no clusters.
//
//   return partition_keeping_clusters(graph, ranks,
//       [&](const pdes::PartitionGraph& g, int r) { return partition_flat(g, r); });
#pragma once

#include <functional>

#include "pdes/partitioner.hpp"

namespace partition {

/// The most load imbalance (heaviest rank over the mean) a whole-cluster mapping may cost.
inline constexpr double kClusterImbalance = 1.05;

using GraphPartitionFn = std::function<pdes::Partition(const pdes::PartitionGraph&, int)>;

/// The graph of clusters: vertex c weighs the sum of cluster c's LP weights, edges join
/// clusters whose LPs are joined (weights summed; edges inside a cluster dropped), and the
/// locality order lists clusters in the order the graph's order first reaches them.
/// Requires graph.cluster_of to name a cluster for every LP; throws pdes::InvariantError if not.
pdes::PartitionGraph cluster_graph(const pdes::PartitionGraph& graph);

/// `partition_flat` applied to the cluster graph and expanded, when that keeps the balance
/// (see above); else `partition_flat` applied to `graph` itself. Without clusters: the latter.
pdes::Partition partition_keeping_clusters(const pdes::PartitionGraph& graph, int num_ranks,
                                           const GraphPartitionFn& partition_flat);

/// How many clusters the mapping spreads over more than one rank (0 without clusters).
std::uint64_t clusters_split(const pdes::PartitionGraph& graph, const pdes::Partition& partition);

}  // namespace partition
