// SPDX-License-Identifier: Apache-2.0
//
// BlockPartitioner: contiguous blocks of LP ids, one per rank; the first (n mod ranks) blocks
// hold one LP more. Models number neighbouring LPs close together (a router next to its
// nodes, PHOLD's groups), so blocks keep most traffic on one rank. Ignores the graph's edges.
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
