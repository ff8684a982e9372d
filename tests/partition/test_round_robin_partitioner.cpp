// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "partition/round_robin_partitioner.hpp"
#include "pdes/error.hpp"

using partition::RoundRobinPartitioner;

TEST_CASE("round-robin: LP i on rank i mod r") {
  pdes::PartitionGraph g;
  g.num_lps = 7;
  const pdes::Partition p = RoundRobinPartitioner{}.partition(g, 3);
  CHECK(p.num_ranks == 3);
  CHECK(p.rank_of_lp == std::vector<std::int32_t>{0, 1, 2, 0, 1, 2, 0});
  CHECK(p.lps_of(1) == std::vector<pdes::LpId>{pdes::LpId{1}, pdes::LpId{4}});
}

TEST_CASE("round-robin: impossible requests are configuration errors") {
  pdes::PartitionGraph g;
  g.num_lps = 2;
  CHECK_THROWS_WITH_AS(RoundRobinPartitioner{}.partition(g, 4),
                       doctest::Contains("at most as many ranks as LPs"), pdes::ConfigError);
  CHECK_THROWS_AS(RoundRobinPartitioner{}.partition(g, -1), pdes::ConfigError);
}
