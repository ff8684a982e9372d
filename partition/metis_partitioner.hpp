// SPDX-License-Identifier: Apache-2.0
//
// MetisPartitioner: multilevel k-way partitioning of the LP graph with METIS (Karypis & Kumar,
// "A fast and high quality multilevel scheme for partitioning irregular graphs", SIAM J. Sci.
// Comput. 20(1), 1998; libmetis-dev), minimising the weight of the edges cut (the events that
// cross ranks) while keeping each rank's vertex weight (the LPs' work) within METIS's default
// 3 % imbalance.
//
// Vertex weights come from PartitionGraph::vertex_weights when the model gives them (the
// network model: a router weighs its ports, a node 1), else every LP weighs 1. METIS runs with
// a fixed seed, so the mapping is the same on every rank and in every run; results do not
// depend on it anyway (the event order is total). A rank that METIS leaves empty gets one LP
// of the heaviest rank.
//
// Needs the model's edges: a graph without them (PHOLD) is a configuration error naming
// simulation.partitioner.
#pragma once

#include <string>

#include "pdes/partitioner.hpp"

namespace partition {

class MetisPartitioner final : public pdes::Partitioner {
 public:
  std::string name() const override { return "metis"; }
  pdes::Partition partition(const pdes::PartitionGraph& graph, int num_ranks) const override;
};

}  // namespace partition
