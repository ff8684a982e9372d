// SPDX-License-Identifier: Apache-2.0
// partition_keeping_clusters: the graph of clusters (weights and edges summed, inner edges
// dropped, locality order kept), the expanded mapping when it balances, the flat partition when
// it cannot, and clusters_split.
#include <doctest/doctest.h>

#include <vector>

#include "partition/whole_clusters.hpp"
#include "pdes/error.hpp"
#include "tests/partition/lp_graphs.hpp"

namespace {

using partition::cluster_graph;
using partition::clusters_split;
using partition::partition_keeping_clusters;

/// A 4x4 torus with its nodes, in four 2x2 quadrant clusters (a router and its node together).
pdes::PartitionGraph quadrants() {
  pdes::PartitionGraph g = partition_test::grid_graph(4, true, 3);
  for (std::uint64_t lp = 0; lp < g.num_lps; ++lp) {
    const std::uint64_t r = lp % 16;
    g.cluster_of.push_back(static_cast<std::uint32_t>((r / 8) * 2 + (r % 4) / 2));
  }
  return g;
}

}  // namespace

TEST_CASE("cluster_graph sums the weights of a cluster's LPs and of the edges between clusters") {
  const pdes::PartitionGraph c = cluster_graph(quadrants());
  CHECK(c.num_lps == 4);
  CHECK(c.vertex_weights == std::vector<std::uint32_t>{16, 16, 16, 16});  // 4 routers of 3, 4 nodes
  // Quadrant 0 (x 0-1, y 0-1) meets quadrant 1 across x = 1|2 and around x = 3|0 (2 rows, 2
  // links each), quadrant 2 likewise in y; never quadrant 3. Both directions are listed.
  CHECK(c.edge_offsets == std::vector<std::uint64_t>{0, 2, 4, 6, 8});
  CHECK(c.edge_targets == std::vector<std::uint64_t>{1, 2, 0, 3, 0, 3, 1, 2});
  CHECK(c.edge_weights == std::vector<std::uint32_t>{4, 4, 4, 4, 4, 4, 4, 4});
  CHECK(c.locality_order == std::vector<std::uint64_t>{0, 1, 2, 3});
}

TEST_CASE("partition_keeping_clusters expands a balanced mapping of the clusters") {
  const pdes::PartitionGraph g = quadrants();
  std::vector<std::uint64_t> sizes_seen;
  const auto flat = [&](const pdes::PartitionGraph& graph, int ranks) {
    sizes_seen.push_back(graph.num_lps);
    return pdes::block_partition(graph, ranks);
  };
  const pdes::Partition p = partition_keeping_clusters(g, 2, flat);
  CHECK(sizes_seen == std::vector<std::uint64_t>{4});  // the cluster graph only
  CHECK(clusters_split(g, p) == 0);
  CHECK(p.load_imbalance(g) == doctest::Approx(1.0));
  for (std::uint64_t lp = 0; lp < g.num_lps; ++lp) {
    CHECK(p.rank_of_lp[lp] == static_cast<std::int32_t>(g.cluster_of[lp] / 2));
  }
}

TEST_CASE("partition_keeping_clusters partitions the LPs when whole clusters cannot balance") {
  const pdes::PartitionGraph g = quadrants();
  std::vector<std::uint64_t> sizes_seen;
  const auto flat = [&](const pdes::PartitionGraph& graph, int ranks) {
    sizes_seen.push_back(graph.num_lps);
    return pdes::block_partition(graph, ranks);
  };
  // 4 equal clusters over 3 ranks: 2 clusters on one rank, imbalance 1.5 > 1.05.
  const pdes::Partition p3 = partition_keeping_clusters(g, 3, flat);
  CHECK(sizes_seen == std::vector<std::uint64_t>{4, 32});
  CHECK(p3.rank_of_lp == pdes::block_partition(g, 3).rank_of_lp);
  CHECK(clusters_split(g, p3) > 0);
  // More ranks than clusters: straight to the LPs.
  sizes_seen.clear();
  partition_keeping_clusters(g, 5, flat);
  CHECK(sizes_seen == std::vector<std::uint64_t>{32});
  // No clusters: the LPs, and nothing is split.
  pdes::PartitionGraph plain = g;
  plain.cluster_of.clear();
  sizes_seen.clear();
  const pdes::Partition p2 = partition_keeping_clusters(plain, 2, flat);
  CHECK(sizes_seen == std::vector<std::uint64_t>{32});
  CHECK(clusters_split(plain, p2) == 0);
}

TEST_CASE("a cluster list of the wrong length is the model's bug") {
  pdes::PartitionGraph g = quadrants();
  g.cluster_of.pop_back();
  CHECK_THROWS_WITH_AS(cluster_graph(g), doctest::Contains("31 entries for 32 LPs"),
                       pdes::InvariantError);
}
