// SPDX-License-Identifier: Apache-2.0
//
// BlockPartitioner: contiguous blocks, one per rank, of the graph's locality order when the
// model gives one (the network model: each router followed by its nodes), else of the LP ids
// (PHOLD numbers its groups contiguously); the first (n mod ranks) blocks hold one LP more.
// Either way neighbouring LPs share a block, so most traffic stays on one rank. Ignores the
// graph's edges.
#pragma once

#include <string>

#include "pdes/partitioner.hpp"

namespace partition {

class BlockPartitioner final : public pdes::Partitioner {
 public:
  std::string name() const override { return "block"; }
  pdes::Partition partition(const pdes::PartitionGraph& graph, int num_ranks) const override;
};

}  // namespace partition
