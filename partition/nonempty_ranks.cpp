// SPDX-License-Identifier: Apache-2.0
#include "partition/nonempty_ranks.hpp"

#include <algorithm>
#include <vector>

namespace partition {

void give_every_rank_an_lp(pdes::Partition& partition) {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(partition.num_ranks), 0);
  for (const std::int32_t r : partition.rank_of_lp) ++counts[static_cast<std::size_t>(r)];
  for (std::size_t empty = 0; empty < counts.size(); ++empty) {
    if (counts[empty] != 0) continue;
    const auto donor = static_cast<std::int32_t>(
        std::max_element(counts.begin(), counts.end()) - counts.begin());
    for (std::size_t lp = partition.rank_of_lp.size(); lp-- > 0;) {
      if (partition.rank_of_lp[lp] == donor) {
        partition.rank_of_lp[lp] = static_cast<std::int32_t>(empty);
        --counts[static_cast<std::size_t>(donor)];
        ++counts[empty];
        break;
      }
    }
  }
}

}  // namespace partition
