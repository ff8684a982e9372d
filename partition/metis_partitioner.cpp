// SPDX-License-Identifier: Apache-2.0
#include "partition/metis_partitioner.hpp"

#include <metis.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "partition/partitioner_registry.hpp"
#include "pdes/error.hpp"

namespace partition {

namespace {

constexpr idx_t kSeed = 1;

// METIS wants every edge in both directions and no self-loops; the model's graph may list an
// edge once. Returns the symmetric CSR graph with the weights of both directions added.
struct CsrGraph {
  std::vector<idx_t> offsets, targets, weights;
};

CsrGraph symmetric(const pdes::PartitionGraph& g) {
  const std::uint64_t n = g.num_lps;
  std::vector<std::vector<std::pair<idx_t, idx_t>>> adjacency(n);
  for (std::uint64_t v = 0; v < n; ++v) {
    for (std::uint64_t e = g.edge_offsets[v]; e < g.edge_offsets[v + 1]; ++e) {
      const std::uint64_t u = g.edge_targets[e];
      if (u == v) continue;
      const idx_t w = static_cast<idx_t>(g.edge_weights.empty() ? 1 : g.edge_weights[e]);
      adjacency[v].emplace_back(static_cast<idx_t>(u), w);
      adjacency[u].emplace_back(static_cast<idx_t>(v), w);
    }
  }
  CsrGraph csr;
  csr.offsets.push_back(0);
  for (auto& list : adjacency) {
    std::sort(list.begin(), list.end());
    for (std::size_t i = 0; i < list.size();) {  // merge parallel entries, sum their weights
      idx_t w = 0;
      std::size_t j = i;
      for (; j < list.size() && list[j].first == list[i].first; ++j) w += list[j].second;
      csr.targets.push_back(list[i].first);
      csr.weights.push_back(w);
      i = j;
    }
    csr.offsets.push_back(static_cast<idx_t>(csr.targets.size()));
  }
  return csr;
}

}  // namespace

pdes::Partition MetisPartitioner::partition(const pdes::PartitionGraph& graph,
                                            int num_ranks) const {
  check_partition_request(graph, num_ranks);
  if (graph.edge_offsets.size() != graph.num_lps + 1 || graph.edge_targets.empty()) {
    throw pdes::ConfigError("simulation.partitioner",
                            "metis partitions the model's LP graph, and this model gives no "
                            "edges; use block or round-robin");
  }
  if (graph.num_lps > static_cast<std::uint64_t>(std::numeric_limits<idx_t>::max())) {
    throw pdes::ConfigError("simulation.partitioner",
                            "metis (32-bit indices) cannot partition " +
                                std::to_string(graph.num_lps) + " LPs; use block");
  }
  pdes::Partition p;
  p.num_ranks = num_ranks;
  p.rank_of_lp.assign(graph.num_lps, 0);
  if (num_ranks == 1) return p;

  CsrGraph csr = symmetric(graph);
  idx_t vertices = static_cast<idx_t>(graph.num_lps);
  idx_t constraints = 1;
  idx_t parts = num_ranks;
  std::vector<idx_t> vertex_weights(graph.num_lps, 1);
  for (std::size_t v = 0; v < graph.vertex_weights.size() && v < graph.num_lps; ++v) {
    vertex_weights[v] = static_cast<idx_t>(std::max<std::uint32_t>(graph.vertex_weights[v], 1));
  }
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = kSeed;
  options[METIS_OPTION_NUMBERING] = 0;
  idx_t cut = 0;
  std::vector<idx_t> part(graph.num_lps, 0);
  const int status = METIS_PartGraphKway(&vertices, &constraints, csr.offsets.data(),
                                         csr.targets.data(), vertex_weights.data(), nullptr,
                                         csr.weights.data(), &parts, nullptr, nullptr, options,
                                         &cut, part.data());
  PDES_CHECK(status == METIS_OK, "METIS_PartGraphKway failed with status " +
                                     std::to_string(status));
  for (std::size_t v = 0; v < part.size(); ++v) p.rank_of_lp[v] = part[v];

  // Every rank must own an LP: give an empty one an LP of the most populated rank.
  std::vector<std::uint64_t> count(static_cast<std::size_t>(num_ranks), 0);
  for (const std::int32_t r : p.rank_of_lp) ++count[static_cast<std::size_t>(r)];
  for (int r = 0; r < num_ranks; ++r) {
    if (count[static_cast<std::size_t>(r)] > 0) continue;
    const auto fullest = static_cast<std::int32_t>(
        std::max_element(count.begin(), count.end()) - count.begin());
    const auto lp = std::find(p.rank_of_lp.rbegin(), p.rank_of_lp.rend(), fullest);
    *lp = r;
    --count[static_cast<std::size_t>(fullest)];
    ++count[static_cast<std::size_t>(r)];
  }
  return p;
}

}  // namespace partition
