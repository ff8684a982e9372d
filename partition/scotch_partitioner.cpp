// SPDX-License-Identifier: Apache-2.0
#include "partition/scotch_partitioner.hpp"

#include <cstdint>
#include <cstdio>  // scotch.h uses FILE
// clang-format off
#include <scotch.h>
// clang-format on

#include "partition/csr_graph.hpp"
#include "partition/nonempty_ranks.hpp"
#include "partition/partitioner_registry.hpp"
#include "partition/whole_clusters.hpp"

namespace partition {

namespace {

void check(int status, const char* call) {
  if (status != 0) {
    throw pdes::InvariantError(std::string("Scotch: ") + call + " failed (status " +
                               std::to_string(status) + ")");
  }
}

// Scotch's objects must be released in every case; each guard owns one.
struct ContextGuard {
  SCOTCH_Context context;
  ContextGuard() { check(SCOTCH_contextInit(&context), "SCOTCH_contextInit"); }
  ~ContextGuard() { SCOTCH_contextExit(&context); }
};
struct GraphGuard {
  SCOTCH_Graph graph;
  GraphGuard() { check(SCOTCH_graphInit(&graph), "SCOTCH_graphInit"); }
  ~GraphGuard() { SCOTCH_graphExit(&graph); }
};
struct StratGuard {
  SCOTCH_Strat strat;
  StratGuard() { check(SCOTCH_stratInit(&strat), "SCOTCH_stratInit"); }
  ~StratGuard() { SCOTCH_stratExit(&strat); }
};

}  // namespace

namespace {

// The library on `graph` as it is (clusters ignored).
pdes::Partition partition_flat(const pdes::PartitionGraph& graph, int num_ranks) {
  check_partition_request(graph, num_ranks);
  pdes::Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.assign(graph.num_lps, 0);
  if (num_ranks == 1) return result;

  CsrGraph<SCOTCH_Num> csr = CsrGraph<SCOTCH_Num>::from(graph, "Scotch");
  ContextGuard context;
  // A private generator, seeded, in deterministic mode: the mapping is a function of the graph.
  check(SCOTCH_contextRandomClone(&context.context), "SCOTCH_contextRandomClone");
  SCOTCH_contextRandomSeed(&context.context, ScotchPartitioner::kSeed);
  check(SCOTCH_contextOptionSetNum(&context.context, SCOTCH_OPTIONNUMDETERMINISTIC, 1),
        "SCOTCH_contextOptionSetNum(DETERMINISTIC)");
  check(SCOTCH_contextOptionSetNum(&context.context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1),
        "SCOTCH_contextOptionSetNum(RANDOMFIXEDSEED)");

  GraphGuard plain;
  check(SCOTCH_graphBuild(&plain.graph, 0, static_cast<SCOTCH_Num>(graph.num_lps),
                          csr.offsets.data(), nullptr, csr.vertex_weights.data(), nullptr,
                          static_cast<SCOTCH_Num>(csr.targets.size()), csr.targets.data(),
                          csr.edge_weights.data()),
        "SCOTCH_graphBuild");
  GraphGuard bound;
  check(SCOTCH_contextBindGraph(&context.context, &plain.graph, &bound.graph),
        "SCOTCH_contextBindGraph");
  StratGuard strat;
  check(SCOTCH_stratGraphMapBuild(&strat.strat, SCOTCH_STRATQUALITY, num_ranks,
                                          ScotchPartitioner::kImbalance),
        "SCOTCH_stratGraphMapBuild");
  std::vector<SCOTCH_Num> part(graph.num_lps, 0);
  check(SCOTCH_graphPart(&bound.graph, num_ranks, &strat.strat, part.data()), "SCOTCH_graphPart");
  for (std::size_t lp = 0; lp < part.size(); ++lp) {
    result.rank_of_lp[lp] = static_cast<std::int32_t>(part[lp]);
  }
  give_every_rank_an_lp(result);
  return result;
}

}  // namespace

pdes::Partition ScotchPartitioner::partition(const pdes::PartitionGraph& graph,
                                             int num_ranks) const {
  return partition_keeping_clusters(graph, num_ranks, partition_flat);
}

}  // namespace partition
