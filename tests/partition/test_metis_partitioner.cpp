// SPDX-License-Identifier: Apache-2.0
// MetisPartitioner on the network model's own LP graph: a valid, balanced, reproducible mapping
// that cuts fewer links than blocks where blocks are poor, and clear errors where it cannot run.
#include <doctest/doctest.h>

#include <vector>

#include "models/network/build/network_build.hpp"
#include "models/network/topology/torus.hpp"
#include "partition/metis_partitioner.hpp"
#include "partition/partitioner_registry.hpp"
#include "pdes/error.hpp"

namespace {

pdes::PartitionGraph torus_graph(std::uint32_t k) {
  const net::Torus torus({k, k});
  return net::network_partition_graph(torus);
}

std::vector<std::uint64_t> weight_per_rank(const pdes::PartitionGraph& g,
                                           const pdes::Partition& p) {
  std::vector<std::uint64_t> w(static_cast<std::size_t>(p.num_ranks), 0);
  for (std::uint64_t v = 0; v < g.num_lps; ++v) {
    w[static_cast<std::size_t>(p.rank_of_lp[v])] += g.vertex_weights[v];
  }
  return w;
}

}  // namespace

TEST_CASE("metis maps every LP, balances the weights and gives the same map every time") {
  const pdes::PartitionGraph g = torus_graph(16);
  REQUIRE(g.vertex_weights.size() == g.num_lps);
  CHECK(g.vertex_weights.front() == 5);  // a torus router: 4 links + its node
  CHECK(g.vertex_weights.back() == 1);   // a node
  const partition::MetisPartitioner metis;
  for (int ranks : {2, 3, 4, 8}) {
    CAPTURE(ranks);
    const pdes::Partition p = metis.partition(g, ranks);
    REQUIRE(p.rank_of_lp.size() == g.num_lps);
    for (const std::int32_t r : p.rank_of_lp) CHECK((r >= 0 && r < ranks));
    const std::vector<std::uint64_t> w = weight_per_rank(g, p);
    const double mean = 6.0 * 256 / ranks;
    for (const std::uint64_t x : w) CHECK(static_cast<double>(x) <= 1.05 * mean);
    CHECK(metis.partition(g, ranks).rank_of_lp == p.rank_of_lp);
  }
}

TEST_CASE("metis cuts fewer links than blocks along the locality order on 8 ranks") {
  const pdes::PartitionGraph g = torus_graph(16);
  const pdes::Partition metis = partition::MetisPartitioner().partition(g, 8);
  const pdes::Partition block = pdes::block_partition(g, 8);
  MESSAGE("edge cut on 8 ranks: metis " << metis.edge_cut(g) << ", block " << block.edge_cut(g));
  CHECK(metis.edge_cut(g) < block.edge_cut(g));
  // A node stays with its router: no injection link is cut.
  for (std::uint64_t node = 256; node < 512; ++node) {
    CHECK(metis.rank_of_lp[node] == metis.rank_of_lp[node - 256]);
  }
}

TEST_CASE("metis needs edges, and no more ranks than LPs") {
  pdes::PartitionGraph edgeless;
  edgeless.num_lps = 100;
  CHECK_THROWS_WITH_AS(partition::MetisPartitioner().partition(edgeless, 2),
                       doctest::Contains("simulation.partitioner: metis partitions the model's "
                                         "LP graph, and this model gives no edges"),
                       pdes::ConfigError);
  const pdes::PartitionGraph g = torus_graph(2);  // 8 LPs
  CHECK_THROWS_AS(partition::MetisPartitioner().partition(g, 9), pdes::ConfigError);
  CHECK(partition::MetisPartitioner().partition(g, 1).rank_of_lp ==
        std::vector<std::int32_t>(8, 0));
  CHECK(partition::make_partitioner("metis")->name() == "metis");
}
