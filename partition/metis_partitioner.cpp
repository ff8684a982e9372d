// SPDX-License-Identifier: Apache-2.0
#include "partition/metis_partitioner.hpp"

#include <metis.h>

#include "partition/csr_graph.hpp"
#include "partition/nonempty_ranks.hpp"
#include "partition/partitioner_registry.hpp"
#include "partition/whole_clusters.hpp"

namespace partition {

namespace {

// The library on `graph` as it is (clusters ignored).
pdes::Partition partition_flat(const pdes::PartitionGraph& graph, int num_ranks) {
  check_partition_request(graph, num_ranks);
  pdes::Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.assign(graph.num_lps, 0);
  if (num_ranks == 1) return result;

  CsrGraph<idx_t> csr = CsrGraph<idx_t>::from(graph, "METIS");
  idx_t vertices = static_cast<idx_t>(graph.num_lps);
  idx_t constraints = 1;
  idx_t parts = num_ranks;
  idx_t cut = 0;
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_NUMBERING] = 0;
  options[METIS_OPTION_SEED] = MetisPartitioner::kSeed;
  std::vector<idx_t> part(graph.num_lps, 0);
  const int status = METIS_PartGraphKway(
      &vertices, &constraints, csr.offsets.data(), csr.targets.data(), csr.vertex_weights.data(),
      /*vsize=*/nullptr, csr.edge_weights.data(), &parts, /*tpwgts=*/nullptr, /*ubvec=*/nullptr,
      options, &cut, part.data());
  if (status == METIS_ERROR_MEMORY) {
    throw pdes::ResourceError("METIS ran out of memory partitioning " +
                              std::to_string(graph.num_lps) + " LPs; use "
                              "simulation.partitioner = \"block\"");
  }
  if (status != METIS_OK) {
    throw pdes::InvariantError("METIS_PartGraphKway failed (status " + std::to_string(status) +
                               ") on " + std::to_string(graph.num_lps) + " LPs over " +
                               std::to_string(num_ranks) + " ranks");
  }
  for (std::size_t lp = 0; lp < part.size(); ++lp) result.rank_of_lp[lp] = part[lp];
  give_every_rank_an_lp(result);
  return result;
}

}  // namespace

pdes::Partition MetisPartitioner::partition(const pdes::PartitionGraph& graph,
                                            int num_ranks) const {
  return partition_keeping_clusters(graph, num_ranks, partition_flat);
}

}  // namespace partition
