// SPDX-License-Identifier: Apache-2.0
#include "partition/block_partitioner.hpp"

#include "partition/partitioner_registry.hpp"

namespace partition {

pdes::Partition BlockPartitioner::partition(const pdes::PartitionGraph& graph,
                                            int num_ranks) const {
  check_partition_request(graph, num_ranks);
  return pdes::block_partition(graph, num_ranks);
}

}  // namespace partition
