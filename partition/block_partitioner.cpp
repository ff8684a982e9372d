// SPDX-License-Identifier: Apache-2.0
#include "partition/block_partitioner.hpp"

#include "partition/partitioner_registry.hpp"

namespace partition {

pdes::Partition BlockPartitioner::partition(const pdes::PartitionGraph& graph,
                                            int num_ranks) const {
  check_partition_request(graph, num_ranks);
  pdes::Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.resize(graph.num_lps);
  const auto ranks = static_cast<std::uint64_t>(num_ranks);
  const std::uint64_t base = graph.num_lps / ranks;
  const std::uint64_t extra = graph.num_lps % ranks;
  std::uint64_t lp = 0;
  for (std::uint64_t r = 0; r < ranks; ++r) {
    const std::uint64_t count = base + (r < extra ? 1 : 0);
    for (std::uint64_t i = 0; i < count; ++i) {
      result.rank_of_lp[lp++] = static_cast<std::int32_t>(r);
    }
  }
  return result;
}

}  // namespace partition
