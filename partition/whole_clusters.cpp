// SPDX-License-Identifier: Apache-2.0
#include "partition/whole_clusters.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "pdes/error.hpp"

namespace partition {

namespace {

std::uint64_t cluster_count(const pdes::PartitionGraph& graph) {
  if (graph.cluster_of.size() != graph.num_lps) {
    throw pdes::InvariantError("PartitionGraph::cluster_of has " +
                               std::to_string(graph.cluster_of.size()) + " entries for " +
                               std::to_string(graph.num_lps) + " LPs");
  }
  std::uint64_t count = 0;
  for (const std::uint32_t c : graph.cluster_of) count = std::max<std::uint64_t>(count, c + 1ull);
  return count;
}

std::uint32_t clamp32(std::uint64_t v) {
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(v, std::numeric_limits<std::uint32_t>::max()));
}

}  // namespace

pdes::PartitionGraph cluster_graph(const pdes::PartitionGraph& graph) {
  const std::uint64_t clusters = cluster_count(graph);
  std::vector<std::uint64_t> weight(clusters, 0);
  std::vector<std::map<std::uint64_t, std::uint64_t>> links(clusters);  // sorted: reproducible
  for (std::uint64_t v = 0; v < graph.num_lps; ++v) {
    const std::uint32_t cv = graph.cluster_of[v];
    weight[cv] += graph.weight_of(v);
    if (graph.edge_offsets.empty()) continue;
    for (std::uint64_t e = graph.edge_offsets[v]; e < graph.edge_offsets[v + 1]; ++e) {
      const std::uint32_t cu = graph.cluster_of[graph.edge_targets[e]];
      if (cu != cv) links[cv][cu] += graph.edge_weights.empty() ? 1 : graph.edge_weights[e];
    }
  }
  pdes::PartitionGraph result;
  result.num_lps = clusters;
  result.edge_offsets.push_back(0);
  for (std::uint64_t c = 0; c < clusters; ++c) {
    result.vertex_weights.push_back(clamp32(weight[c]));
    for (const auto& [other, w] : links[c]) {
      result.edge_targets.push_back(other);
      result.edge_weights.push_back(clamp32(w));
    }
    result.edge_offsets.push_back(result.edge_targets.size());
  }
  std::vector<bool> listed(clusters, false);
  auto list = [&](std::uint64_t lp) {
    const std::uint32_t c = graph.cluster_of[lp];
    if (!listed[c]) {
      listed[c] = true;
      result.locality_order.push_back(c);
    }
  };
  if (graph.locality_order.empty()) {
    for (std::uint64_t lp = 0; lp < graph.num_lps; ++lp) list(lp);
  } else {
    for (const std::uint64_t lp : graph.locality_order) list(lp);
  }
  // Ids no LP carries are empty clusters; list them last so the order names every vertex.
  for (std::uint64_t c = 0; c < clusters; ++c) {
    if (!listed[c]) result.locality_order.push_back(c);
  }
  return result;
}

pdes::Partition partition_keeping_clusters(const pdes::PartitionGraph& graph, int num_ranks,
                                           const GraphPartitionFn& partition_flat) {
  if (graph.cluster_of.empty() || num_ranks <= 1 ||
      cluster_count(graph) < static_cast<std::uint64_t>(num_ranks)) {
    return partition_flat(graph, num_ranks);
  }
  const pdes::PartitionGraph clusters = cluster_graph(graph);
  const pdes::Partition of_clusters = partition_flat(clusters, num_ranks);
  pdes::Partition expanded;
  expanded.num_ranks = num_ranks;
  expanded.rank_of_lp.resize(graph.num_lps);
  for (std::uint64_t lp = 0; lp < graph.num_lps; ++lp) {
    expanded.rank_of_lp[lp] = of_clusters.rank_of_lp[graph.cluster_of[lp]];
  }
  const std::vector<std::uint64_t> weights = expanded.rank_weights(graph);
  const bool every_rank_used =
      std::none_of(weights.begin(), weights.end(), [](std::uint64_t w) { return w == 0; });
  if (every_rank_used && expanded.load_imbalance(graph) <= kClusterImbalance) return expanded;
  return partition_flat(graph, num_ranks);
}

std::uint64_t clusters_split(const pdes::PartitionGraph& graph, const pdes::Partition& partition) {
  if (graph.cluster_of.empty()) return 0;
  const std::uint64_t clusters = cluster_count(graph);
  std::vector<std::int32_t> rank(clusters, -1);
  std::vector<bool> split(clusters, false);
  for (std::uint64_t lp = 0; lp < graph.num_lps; ++lp) {
    const std::uint32_t c = graph.cluster_of[lp];
    if (rank[c] < 0) rank[c] = partition.rank_of_lp[lp];
    else if (rank[c] != partition.rank_of_lp[lp]) split[c] = true;
  }
  return static_cast<std::uint64_t>(std::count(split.begin(), split.end(), true));
}

}  // namespace partition
