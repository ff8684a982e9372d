// SPDX-License-Identifier: Apache-2.0
#include "partition/round_robin_partitioner.hpp"

#include "partition/partitioner_registry.hpp"

namespace partition {

pdes::Partition RoundRobinPartitioner::partition(const pdes::PartitionGraph& graph,
                                                 int num_ranks) const {
  check_partition_request(graph, num_ranks);
  pdes::Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.resize(graph.num_lps);
  const auto ranks = static_cast<std::uint64_t>(num_ranks);
  for (std::uint64_t lp = 0; lp < graph.num_lps; ++lp) {
    result.rank_of_lp[lp] = static_cast<std::int32_t>(lp % ranks);
  }
  return result;
}

}  // namespace partition
