// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "partition/nonempty_ranks.hpp"

TEST_CASE("empty ranks take the highest LP of the rank with the most LPs") {
  pdes::Partition p;
  p.num_ranks = 4;
  p.rank_of_lp = {0, 0, 0, 2, 2};
  partition::give_every_rank_an_lp(p);
  CHECK(p.rank_of_lp == std::vector<std::int32_t>{0, 3, 1, 2, 2});
}

TEST_CASE("a mapping with every rank in use is left alone") {
  pdes::Partition p;
  p.num_ranks = 2;
  p.rank_of_lp = {1, 0, 1};
  partition::give_every_rank_an_lp(p);
  CHECK(p.rank_of_lp == std::vector<std::int32_t>{1, 0, 1});
}
