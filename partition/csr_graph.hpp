// SPDX-License-Identifier: Apache-2.0
//
// CsrGraph: a pdes::PartitionGraph in the arrays METIS and Scotch take (compressed sparse rows
// of a fixed-width integer, vertex and edge weights), checked for what both libraries require.
//
//   const auto csr = partition::CsrGraph<idx_t>::from(graph, "METIS");
//   METIS_PartGraphKway(&n, &one, csr.offsets.data(), csr.targets.data(), ...);
//
// Both libraries need an undirected graph: every edge u->v has a twin v->u of the same weight,
// and no edge is a self-loop. A model that breaks this (or whose sizes do not fit `Int`) has a
// bug, reported as pdes::InvariantError naming the library and the edge. A graph without
// edges is fine: the libraries then balance the vertex weights alone.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "pdes/error.hpp"
#include "pdes/partitioner.hpp"

namespace partition {

template <class Int>
struct CsrGraph {
  std::vector<Int> offsets;         ///< num_lps + 1
  std::vector<Int> targets;
  std::vector<Int> edge_weights;    ///< aligned with targets (1 when the graph has none)
  std::vector<Int> vertex_weights;  ///< num_lps (1 when the graph has none)

  static CsrGraph from(const pdes::PartitionGraph& graph, const std::string& library);
};

namespace internal {
/// Throws pdes::InvariantError unless every edge has a twin of equal weight and none is a loop.
void check_undirected(const pdes::PartitionGraph& graph, const std::string& library);
[[noreturn]] void too_large(const std::string& library, const std::string& what,
                            std::uint64_t value, std::uint64_t limit);
}  // namespace internal

template <class Int>
CsrGraph<Int> CsrGraph<Int>::from(const pdes::PartitionGraph& graph, const std::string& library) {
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<Int>::max());
  auto fit = [&](std::uint64_t v, const char* what) {
    if (v > kMax) internal::too_large(library, what, v, kMax);
    return static_cast<Int>(v);
  };
  internal::check_undirected(graph, library);
  CsrGraph csr;
  const std::uint64_t n = graph.num_lps;
  fit(n, "LP count");
  csr.offsets.reserve(n + 1);
  csr.vertex_weights.reserve(n);
  std::uint64_t total_weight = 0;
  for (std::uint64_t v = 0; v < n; ++v) {
    total_weight += graph.weight_of(v);
    csr.vertex_weights.push_back(fit(graph.weight_of(v), "LP weight"));
  }
  fit(total_weight, "sum of LP weights");  // the libraries add weights up in Int
  csr.offsets.push_back(0);
  const bool has_edges = !graph.edge_offsets.empty();
  for (std::uint64_t v = 0; v < n; ++v) {
    if (has_edges) {
      for (std::uint64_t e = graph.edge_offsets[v]; e < graph.edge_offsets[v + 1]; ++e) {
        csr.targets.push_back(fit(graph.edge_targets[e], "LP id"));
        csr.edge_weights.push_back(
            graph.edge_weights.empty() ? Int{1} : fit(graph.edge_weights[e], "edge weight"));
      }
    }
    csr.offsets.push_back(fit(csr.targets.size(), "edge count"));
  }
  return csr;
}

}  // namespace partition
