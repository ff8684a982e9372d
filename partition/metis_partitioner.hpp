// SPDX-License-Identifier: Apache-2.0
//
// MetisPartitioner: METIS's multilevel k-way partitioning (METIS_PartGraphKway, libmetis 5)
// of the LP graph: balances the LP weights per rank within 3 % (METIS's default load
// imbalance tolerance, ufactor 30) while minimising the weight of the edges cut.
//
// Reproducible: METIS runs with a fixed seed (kSeed) and its own random generator, so every
// rank (each computes the mapping itself) and every run get the same mapping from the same
// graph. One rank is the trivial mapping (METIS is not called). A part METIS leaves empty is
// filled (nonempty_ranks.hpp).
#pragma once

#include <string>

#include "pdes/partitioner.hpp"

namespace partition {

class MetisPartitioner final : public pdes::Partitioner {
 public:
  static constexpr int kSeed = 20240501;

  std::string name() const override { return "metis"; }
  pdes::Partition partition(const pdes::PartitionGraph& graph, int num_ranks) const override;
};

}  // namespace partition
