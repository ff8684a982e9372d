// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/collective_algorithms.hpp"

#include <cstddef>

#include "pdes/error.hpp"

namespace net::replay {

namespace {

// Index of `value` in `names`, which is also the enum's value (the lists follow the enums).
template <class Enum>
Enum pick(const char* key, const std::string& value, const std::vector<std::string>& names) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == value) return static_cast<Enum>(i);
  }
  std::string valid;
  for (const std::string& n : names) valid += (valid.empty() ? "\"" : ", \"") + n + "\"";
  throw pdes::ConfigError(key, "value \"" + value + "\" is not a valid choice; valid: " + valid);
}

}  // namespace

const std::vector<std::string>& tree_shape_names() {
  static const std::vector<std::string> names = {"binomial", "flat"};
  return names;
}

const std::vector<std::string>& allreduce_algorithm_names() {
  static const std::vector<std::string> names = {"reduce_bcast", "recursive_doubling"};
  return names;
}

const std::vector<std::string>& barrier_algorithm_names() {
  static const std::vector<std::string> names = {"dissemination", "tree"};
  return names;
}

const std::vector<std::string>& alltoall_algorithm_names() {
  static const std::vector<std::string> names = {"pairwise", "linear", "bruck"};
  return names;
}

const std::vector<std::string>& allgather_algorithm_names() {
  static const std::vector<std::string> names = {"ring", "recursive_doubling", "bruck"};
  return names;
}

CollectiveAlgorithms collective_algorithms_from(const std::string& tree,
                                                const std::string& allreduce,
                                                const std::string& barrier,
                                                const std::string& alltoall,
                                                const std::string& allgather) {
  CollectiveAlgorithms a;
  a.tree = pick<TreeShape>("workload.tree", tree, tree_shape_names());
  a.allreduce = pick<AllreduceAlgorithm>("workload.allreduce", allreduce,
                                         allreduce_algorithm_names());
  a.barrier = pick<BarrierAlgorithm>("workload.barrier", barrier, barrier_algorithm_names());
  a.alltoall = pick<AlltoallAlgorithm>("workload.alltoall", alltoall, alltoall_algorithm_names());
  a.allgather =
      pick<AllgatherAlgorithm>("workload.allgather", allgather, allgather_algorithm_names());
  return a;
}

}  // namespace net::replay
