// SPDX-License-Identifier: Apache-2.0
//
// CollectiveAlgorithms: which point-to-point algorithm each collective of a replay is expanded
// into, one [workload] key per choice (docs/workloads.md, "Collectives"):
//
//   workload.tree       bcast, reduce, and the trees of the tree-based allreduce and barrier:
//                       binomial (default) | flat
//   workload.allreduce  reduce_bcast (default) | recursive_doubling
//   workload.barrier    dissemination (default) | tree
//   workload.alltoall   pairwise (default) | linear | bruck
//   workload.allgather  ring (default) | recursive_doubling | bruck
//
// The names are declared here once: the schema offers them as the keys' choices and
// collective_algorithms_from() turns them into the enums collective_rounds.cpp switches on. The
// defaults are the algorithms replay had before the keys existed, so old runs are unchanged.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace net::replay {

enum class AllreduceAlgorithm : std::uint8_t { kReduceBcast, kRecursiveDoubling };
enum class TreeShape : std::uint8_t { kBinomial, kFlat };
enum class BarrierAlgorithm : std::uint8_t { kDissemination, kTree };
enum class AlltoallAlgorithm : std::uint8_t { kPairwise, kLinear, kBruck };
enum class AllgatherAlgorithm : std::uint8_t { kRing, kRecursiveDoubling, kBruck };

/// The algorithms the parameters choose. New members go last: tests build it by aggregate.
struct CollectiveAlgorithms {
  AllreduceAlgorithm allreduce = AllreduceAlgorithm::kReduceBcast;
  TreeShape tree = TreeShape::kBinomial;
  BarrierAlgorithm barrier = BarrierAlgorithm::kDissemination;
  AlltoallAlgorithm alltoall = AlltoallAlgorithm::kPairwise;
  AllgatherAlgorithm allgather = AllgatherAlgorithm::kRing;
};

/// The valid values of each key, the default first.
const std::vector<std::string>& tree_shape_names();
const std::vector<std::string>& allreduce_algorithm_names();
const std::vector<std::string>& barrier_algorithm_names();
const std::vector<std::string>& alltoall_algorithm_names();
const std::vector<std::string>& allgather_algorithm_names();

/// The algorithms named by the keys' values; throws pdes::ConfigError naming the key, the value
/// and the valid values for a name that is not one of them (the schema refuses those first).
CollectiveAlgorithms collective_algorithms_from(const std::string& tree,
                                                const std::string& allreduce,
                                                const std::string& barrier,
                                                const std::string& alltoall,
                                                const std::string& allgather);

}  // namespace net::replay
