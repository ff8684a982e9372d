// SPDX-License-Identifier: Apache-2.0
#include "pdes/partitioner.hpp"

namespace pdes {

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

}  // namespace pdes
