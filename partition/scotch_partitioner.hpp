// SPDX-License-Identifier: Apache-2.0
//
// ScotchPartitioner: Scotch's graph partitioning (SCOTCH_graphPart with the default mapping
// strategy built for quality, load imbalance at most 3 %, libscotch 7) of the LP graph: the
// same objective as METIS (balanced LP weights, small weight of cut edges) by another
// multilevel method, so the two can be compared on a model's graph.
//
// Reproducible: Scotch runs in its own context (no process-wide state) in deterministic mode
// with a fixed random seed (kSeed), so every rank and every run get the same mapping. One rank
// is the trivial mapping. A part left empty is filled (nonempty_ranks.hpp).
#pragma once

#include <string>

#include "pdes/partitioner.hpp"

namespace partition {

class ScotchPartitioner final : public pdes::Partitioner {
 public:
  static constexpr int kSeed = 20240501;
  static constexpr double kImbalance = 0.03;

  std::string name() const override { return "scotch"; }
  pdes::Partition partition(const pdes::PartitionGraph& graph, int num_ranks) const override;
};

}  // namespace partition
