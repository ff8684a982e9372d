// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "partition/scotch_partitioner.hpp"
#include "tests/partition/graph_partitioner_cases.hpp"

TEST_CASE("scotch: valid, balanced, reproducible mappings that cut less than block") {
  partition_test::check_graph_partitioner<partition::ScotchPartitioner>();
}
