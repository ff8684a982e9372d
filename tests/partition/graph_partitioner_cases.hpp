// SPDX-License-Identifier: Apache-2.0
//
// The checks every graph partitioner (METIS, Scotch) must pass, instantiated by
// test_metis_partitioner.cpp and test_scotch_partitioner.cpp.
#pragma once

#include <doctest/doctest.h>

#include "partition/whole_clusters.hpp"
#include "pdes/error.hpp"
#include "tests/partition/lp_graphs.hpp"

namespace partition_test {

template <class P>
void check_graph_partitioner() {
  const P partitioner;
  SUBCASE("valid, balanced, and reproducible on a torus with heavy routers") {
    const pdes::PartitionGraph g = grid_graph(8, true, 6);
    for (int ranks : {2, 3, 4, 8}) {
      CAPTURE(ranks);
      const pdes::Partition p = partitioner.partition(g, ranks);
      CHECK(valid_mapping(p, g, ranks));
      CHECK(p.load_imbalance(g) <= 1.06);
      CHECK(partitioner.partition(g, ranks).rank_of_lp == p.rank_of_lp);
    }
  }
  SUBCASE("cuts fewer edges than block along the locality order") {
    // 8 ranks on an 8x8 torus: block gives 8 one-row strips (64 links cut), tiles cut fewer.
    const pdes::PartitionGraph torus = grid_graph(8, true, 6);
    CHECK(pdes::block_partition(torus, 8).edge_cut(torus) == 128);
    CHECK(partitioner.partition(torus, 8).edge_cut(torus) < 128);
    // 4 ranks on an 8x8 mesh: strips cut 3 lines of 8 links, quadrants 2.
    const pdes::PartitionGraph mesh = grid_graph(8, false, 6);
    CHECK(pdes::block_partition(mesh, 4).edge_cut(mesh) == 48);
    CHECK(partitioner.partition(mesh, 4).edge_cut(mesh) < 48);
  }
  SUBCASE("keeps a node with its router") {
    const pdes::PartitionGraph g = grid_graph(8, true, 6);
    const pdes::Partition p = partitioner.partition(g, 4);
    int apart = 0;
    for (std::uint64_t r = 0; r < 64; ++r) apart += p.rank_of_lp[r] != p.rank_of_lp[64 + r];
    CHECK(apart <= 4);
  }
  SUBCASE("keeps clusters whole when the balance allows, and the cut is then smaller") {
    pdes::PartitionGraph g = clique_groups(9, 4);
    for (int ranks : {3, 9}) {
      CAPTURE(ranks);
      const pdes::Partition p = partitioner.partition(g, ranks);
      CHECK(valid_mapping(p, g, ranks));
      CHECK(partition::clusters_split(g, p) == 0);
      CHECK(p.load_imbalance(g) == doctest::Approx(1.0));
    }
    // 9 equal clusters over 4 ranks cannot balance within 5 %: the LPs are balanced instead.
    const pdes::Partition p4 = partitioner.partition(g, 4);
    CHECK(valid_mapping(p4, g, 4));
    CHECK(p4.load_imbalance(g) < partition::kClusterImbalance);
  }
  SUBCASE("one rank owns everything") {
    const pdes::PartitionGraph g = grid_graph(4, true, 6);
    CHECK(partitioner.partition(g, 1).rank_of_lp == std::vector<std::int32_t>(32, 0));
  }
  SUBCASE("a graph without edges is balanced by weight, no rank left empty") {
    pdes::PartitionGraph g;
    g.num_lps = 5;
    const pdes::Partition p = partitioner.partition(g, 4);
    CHECK(valid_mapping(p, g, 4));
  }
  SUBCASE("more ranks than LPs is a configuration error") {
    CHECK_THROWS_WITH_AS(partitioner.partition(grid_graph(2, true, 6), 9),
                         doctest::Contains("8 LPs but 9 ranks"), pdes::ConfigError);
  }
  SUBCASE("a directed graph is the model's bug") {
    pdes::PartitionGraph g;
    g.num_lps = 3;
    g.edge_offsets = {0, 1, 1, 1};
    g.edge_targets = {1};
    CHECK_THROWS_WITH_AS(partitioner.partition(g, 2), doctest::Contains("no twin edge 1 -> 0"),
                         pdes::InvariantError);
  }
}

}  // namespace partition_test
