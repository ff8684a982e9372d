// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "partition/metis_partitioner.hpp"
#include "tests/partition/graph_partitioner_cases.hpp"

TEST_CASE("metis: valid, balanced, reproducible mappings that cut less than block") {
  partition_test::check_graph_partitioner<partition::MetisPartitioner>();
}
