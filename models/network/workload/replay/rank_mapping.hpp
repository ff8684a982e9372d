// SPDX-License-Identifier: Apache-2.0
//
// Where the MPI ranks of a replay run (workload.rank_mapping): `linear` puts rank r on node r;
// `random` on the first P nodes of a random permutation of the N nodes drawn from
// workload.mapping_seed (the same on every process, so every rank count agrees); `file` on the
// nodes listed in workload.mapping_file, one node id per line in rank order, `#` comments.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/network/topology/types.hpp"

namespace net::replay {

/// Throws pdes::ConfigError naming workload.mapping_file (file and line) for a file with
/// another number of ranks, a node out of range or a node given twice.
std::vector<NodeId> map_ranks(const std::string& mapping, std::uint64_t seed, std::uint32_t ranks,
                              std::uint64_t nodes, const std::string& file = "");

}  // namespace net::replay
