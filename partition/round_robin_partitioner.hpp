// SPDX-License-Identifier: Apache-2.0
//
// RoundRobinPartitioner: LP i goes to rank i mod ranks. Spreads every id range over all ranks,
// which balances load when cost grows with the id but sends most traffic between ranks: the
// opposite extreme to BlockPartitioner, and a stress test for the optimistic engine.
#pragma once

#include <string>

#include "pdes/partitioner.hpp"

namespace partition {

class RoundRobinPartitioner final : public pdes::Partitioner {
 public:
  std::string name() const override { return "round-robin"; }
  pdes::Partition partition(const pdes::PartitionGraph& graph, int num_ranks) const override;
};

}  // namespace partition
