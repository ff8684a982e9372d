// SPDX-License-Identifier: Apache-2.0
#include "partition/csr_graph.hpp"

namespace partition::internal {

void check_undirected(const pdes::PartitionGraph& graph, const std::string& library) {
  if (graph.edge_offsets.empty()) return;
  PDES_CHECK(graph.edge_offsets.size() == graph.num_lps + 1,
             "PartitionGraph::edge_offsets must hold num_lps + 1 entries");
  using Edge = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;  // from, to, weight
  std::vector<Edge> edges;
  edges.reserve(graph.edge_targets.size());
  for (std::uint64_t v = 0; v < graph.num_lps; ++v) {
    for (std::uint64_t e = graph.edge_offsets[v]; e < graph.edge_offsets[v + 1]; ++e) {
      const std::uint64_t w = graph.edge_weights.empty() ? 1 : graph.edge_weights[e];
      edges.emplace_back(v, graph.edge_targets[e], w);
    }
  }
  std::sort(edges.begin(), edges.end());
  auto describe = [](const Edge& e) {
    return "edge " + std::to_string(std::get<0>(e)) + " -> " + std::to_string(std::get<1>(e)) +
           " (weight " + std::to_string(std::get<2>(e)) + ")";
  };
  for (const Edge& e : edges) {
    const auto [from, to, weight] = e;
    if (from == to || to >= graph.num_lps || weight == 0) {
      throw pdes::InvariantError(library + " partitioning: the model's LP graph has " +
                                 describe(e) + "; edges must join two distinct LPs with a "
                                 "positive weight");
    }
    const auto twin = std::lower_bound(edges.begin(), edges.end(), Edge{to, from, 0});
    if (twin == edges.end() || std::get<0>(*twin) != to || std::get<1>(*twin) != from ||
        std::get<2>(*twin) != weight) {
      throw pdes::InvariantError(library + " partitioning: the model's LP graph has " +
                                 describe(e) + " but no twin edge " + std::to_string(to) +
                                 " -> " + std::to_string(from) + " of the same weight; the "
                                 "graph must be undirected");
    }
  }
}

void too_large(const std::string& library, const std::string& what, std::uint64_t value,
               std::uint64_t limit) {
  throw pdes::ResourceError(library + " partitioning: the " + what + " " + std::to_string(value) +
                            " exceeds the library's integer range (" + std::to_string(limit) +
                            "); use simulation.partitioner = \"block\"");
}

}  // namespace partition::internal
