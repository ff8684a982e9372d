// SPDX-License-Identifier: Apache-2.0
//
// give_every_rank_an_lp: graph partitioners may leave a part empty (METIS does on tiny graphs,
// e.g. 5 LPs over 4 ranks), but every rank of a run must own at least one LP. Moves, for each
// empty rank in increasing order, the highest-id LP of the rank that owns the most LPs (the
// lowest such rank on ties): deterministic, and a small change to what the library found.
#pragma once

#include "pdes/partitioner.hpp"

namespace partition {

/// Requires rank_of_lp.size() >= num_ranks (check_partition_request ensures it).
void give_every_rank_an_lp(pdes::Partition& partition);

}  // namespace partition
