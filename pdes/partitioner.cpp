// SPDX-License-Identifier: Apache-2.0
#include "pdes/partitioner.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace pdes {

Partition block_partition(std::uint64_t num_lps, int num_ranks) {
  Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.resize(num_lps);
  const auto ranks = static_cast<std::uint64_t>(num_ranks);
  const std::uint64_t base = num_lps / ranks;
  const std::uint64_t extra = num_lps % ranks;
  std::uint64_t lp = 0;
  for (std::uint64_t r = 0; r < ranks; ++r) {
    const std::uint64_t count = base + (r < extra ? 1 : 0);
    for (std::uint64_t i = 0; i < count; ++i) result.rank_of_lp[lp++] = static_cast<std::int32_t>(r);
  }
  return result;
}

Partition block_partition(const PartitionGraph& graph, int num_ranks) {
  Partition ids = block_partition(graph.num_lps, num_ranks);
  if (graph.locality_order.empty()) return ids;
  PDES_CHECK(graph.locality_order.size() == graph.num_lps,
             "PartitionGraph::locality_order must list every LP once");
  // Position i of the order goes where id i goes in the id-order blocks.
  Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.assign(graph.num_lps, -1);
  for (std::uint64_t i = 0; i < graph.num_lps; ++i) {
    const std::uint64_t lp = graph.locality_order[i];
    PDES_CHECK(lp < graph.num_lps && result.rank_of_lp[lp] < 0,
               "PartitionGraph::locality_order must list every LP once");
    result.rank_of_lp[lp] = ids.rank_of_lp[i];
  }
  return result;
}

std::vector<LpId> Partition::lps_of(int rank) const {
  std::vector<LpId> lps;
  for (std::size_t i = 0; i < rank_of_lp.size(); ++i) {
    if (rank_of_lp[i] == rank) lps.emplace_back(i);
  }
  return lps;
}

std::uint64_t Partition::edge_cut(const PartitionGraph& graph) const {
  std::uint64_t cut = 0;
  if (graph.edge_offsets.empty()) return 0;
  for (std::uint64_t v = 0; v < graph.num_lps; ++v) {
    for (std::uint64_t e = graph.edge_offsets[v]; e < graph.edge_offsets[v + 1]; ++e) {
      if (rank_of_lp[v] != rank_of_lp[graph.edge_targets[e]]) {
        cut += graph.edge_weights.empty() ? 1 : graph.edge_weights[e];
      }
    }
  }
  return cut;
}

std::vector<std::uint64_t> Partition::rank_weights(const PartitionGraph& graph) const {
  std::vector<std::uint64_t> weights(static_cast<std::size_t>(num_ranks), 0);
  for (std::size_t lp = 0; lp < rank_of_lp.size(); ++lp) {
    weights[static_cast<std::size_t>(rank_of_lp[lp])] += graph.weight_of(lp);
  }
  return weights;
}

double Partition::load_imbalance(const PartitionGraph& graph) const {
  const std::vector<std::uint64_t> weights = rank_weights(graph);
  std::uint64_t total = 0;
  std::uint64_t heaviest = 0;
  for (const std::uint64_t w : weights) {
    total += w;
    heaviest = std::max(heaviest, w);
  }
  if (total == 0) return 1.0;
  return static_cast<double>(heaviest) * static_cast<double>(num_ranks) /
         static_cast<double>(total);
}

}  // namespace pdes
