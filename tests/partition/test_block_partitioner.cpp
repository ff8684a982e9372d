// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "partition/block_partitioner.hpp"
#include "pdes/error.hpp"

using partition::BlockPartitioner;

namespace {
pdes::PartitionGraph lps(std::uint64_t n) {
  pdes::PartitionGraph g;
  g.num_lps = n;
  return g;
}
}  // namespace

TEST_CASE("block: contiguous blocks, the first n mod r one larger") {
  const pdes::Partition p = BlockPartitioner{}.partition(lps(10), 4);
  CHECK(p.num_ranks == 4);
  CHECK(p.rank_of_lp == std::vector<std::int32_t>{0, 0, 0, 1, 1, 1, 2, 2, 3, 3});
  CHECK(p.lps_of(2) == std::vector<pdes::LpId>{pdes::LpId{6}, pdes::LpId{7}});
}

TEST_CASE("block: one rank owns everything; as many ranks as LPs gives one each") {
  CHECK(BlockPartitioner{}.partition(lps(5), 1).rank_of_lp == std::vector<std::int32_t>(5, 0));
  CHECK(BlockPartitioner{}.partition(lps(3), 3).rank_of_lp == std::vector<std::int32_t>{0, 1, 2});
}

TEST_CASE("block: matches the Simulation's default partition") {
  for (std::uint64_t n : {7u, 64u, 1000u}) {
    for (int r : {1, 2, 3, 4}) {
      const pdes::Partition p = BlockPartitioner{}.partition(lps(n), r);
      for (std::uint64_t i = 1; i < n; ++i) CHECK(p.rank_of_lp[i - 1] <= p.rank_of_lp[i]);
      const auto first = p.lps_of(0).size();
      const auto last = p.lps_of(r - 1).size();
      CHECK(first - last <= 1);
    }
  }
}

TEST_CASE("block: impossible requests are configuration errors") {
  SUBCASE("more ranks than LPs") {
    CHECK_THROWS_WITH_AS(BlockPartitioner{}.partition(lps(2), 3),
                         doctest::Contains("at most as many ranks as LPs"), pdes::ConfigError);
  }
  SUBCASE("no ranks") {
    CHECK_THROWS_AS(BlockPartitioner{}.partition(lps(2), 0), pdes::ConfigError);
  }
}

TEST_CASE("block: edge cut counts the weights of edges between ranks") {
  pdes::PartitionGraph g = lps(4);  // a ring 0-1-2-3-0, weight 2 per edge (each direction)
  g.edge_offsets = {0, 2, 4, 6, 8};
  g.edge_targets = {1, 3, 0, 2, 1, 3, 2, 0};
  g.edge_weights = {2, 2, 2, 2, 2, 2, 2, 2};
  const pdes::Partition p = BlockPartitioner{}.partition(g, 2);  // {0,1} {2,3}
  CHECK(p.edge_cut(g) == 8);                                     // 1-2 and 3-0, both directions
}
